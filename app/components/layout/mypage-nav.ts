import type { AccountRole } from "~/domain/account-roles";

export interface MypageNavItem {
  to: string;
  label: string;
  /** Active only on exactly this path (the home of the area). */
  end?: boolean;
}

/**
 * The sections of each mypage area, in menu order: one place per role, so each feature adds its
 * page here and the wording can be reviewed together.
 */
export const MYPAGE_NAV: Record<AccountRole, readonly MypageNavItem[]> = {
  listener: [
    { to: "/listener/mypage", label: "ホーム", end: true },
    { to: "/listener/mypage/follow", label: "フォロー中" },
    { to: "/listener/mypage/profile", label: "相性診断" },
    { to: "/listener/mypage/setting", label: "設定" },
  ],
  liver: [
    { to: "/liver/mypage", label: "ダッシュボード", end: true },
    { to: "/liver/mypage/setting", label: "設定" },
  ],
  staff: [
    { to: "/staff/mypage", label: "ホーム", end: true },
    { to: "/staff/mypage/setting", label: "設定" },
  ],
};
