import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { ACCOUNT_ROLES, type AccountRole } from "./domain/account-roles";

// The explicit route table of every URL of the site and its JSON API (docs/product.md, ADR 0020).

/**
 * The mypage area of a role: guarded by the shared layout (docs/product.md "shared wrapper"); unknown
 * sub-paths answer 404 after the guard, so a visitor learns nothing about what exists.
 */
const mypageArea = (role: AccountRole, pages: RouteConfigEntry[]) =>
  layout("routes/account/mypage-layout.tsx", { id: `${role}-mypage-layout` }, [
    ...pages,
    route(`${role}/mypage/*`, "routes/account/mypage-not-found.tsx", { id: `${role}-mypage-404` }),
  ]);

const LISTENER_MYPAGE = [
  route("listener/mypage", "routes/listener/mypage-home.tsx", { id: "listener-mypage" }),
  route("listener/mypage/follow", "routes/listener/mypage-follow.tsx"),
  route("listener/mypage/follow/sns", "routes/listener/mypage-follow-sns.tsx"),
  route("listener/mypage/profile", "routes/listener/mypage-profile.tsx"),
  route("listener/mypage/age-verification", "routes/listener/mypage-age-verification.tsx"),
  route("listener/mypage/setting", "routes/listener/mypage-setting.tsx"),
  route("listener/mypage/message", "routes/account/mypage-messages.tsx", { id: "listener-mypage-message" }),
  route("listener/mypage/message/:id", "routes/account/mypage-message-room.tsx", {
    id: "listener-mypage-message-room",
  }),
  route("listener/mypage/news", "routes/account/mypage-news.tsx", { id: "listener-mypage-news" }),
  route("listener/mypage/news/:id", "routes/account/mypage-news-detail.tsx", {
    id: "listener-mypage-news-detail",
  }),
  route("listener/mypage/notifications", "routes/account/mypage-notifications.tsx", {
    id: "listener-mypage-notifications",
  }),
  route("listener/coin", "routes/listener/coin.tsx"),
  route("listener/coin/confirm", "routes/listener/coin-confirm.tsx"),
  route("listener/coin/test-checkout/:session", "routes/listener/coin-test-checkout.tsx"),
  route("listener/mypage/purchase", "routes/listener/mypage-purchase.tsx"),
  route("listener/mypage/history", "routes/listener/mypage-history.tsx"),
  route("listener/mypage/payment", "routes/listener/mypage-payment.tsx"),
];

const LIVER_MYPAGE = [
  route("liver/mypage", "routes/liver/mypage-home.tsx", { id: "liver-mypage" }),
  route("liver/mypage/profile", "routes/liver/mypage-profile.tsx"),
  route("liver/mypage/staff", "routes/liver/mypage-staff.tsx"),
  route("liver/mypage/staff/create/:id?", "routes/liver/mypage-staff-create.tsx"),
  route("liver/mypage/staff/:id", "routes/liver/mypage-staff-edit.tsx"),
  route("liver/mypage/price", "routes/liver/mypage-price.tsx"),
  // Coupons (ADR 0058)
  route("liver/mypage/coupons", "routes/liver/mypage-coupons.tsx"),
  route("liver/mypage/coupons/new", "routes/liver/mypage-coupon-edit.tsx", { id: "liver-mypage-coupon-new" }),
  route("liver/mypage/coupons/:id", "routes/liver/mypage-coupon-edit.tsx", {
    id: "liver-mypage-coupon-edit",
  }),
  route("liver/mypage/post", "routes/liver/mypage-post.tsx"),
  route("liver/mypage/setting", "routes/liver/mypage-setting.tsx"),
  route("liver/mypage/news", "routes/account/mypage-news.tsx", { id: "liver-mypage-news" }),
  route("liver/mypage/news/:id", "routes/account/mypage-news-detail.tsx", { id: "liver-mypage-news-detail" }),
  route("liver/mypage/notifications", "routes/account/mypage-notifications.tsx", {
    id: "liver-mypage-notifications",
  }),
  route("liver/mypage/sns/callback/:source", "routes/liver/mypage-sns-callback.ts"),
  route("liver/mypage/manual", "routes/account/mypage-manual.tsx", { id: "liver-mypage-manual" }),
  route("liver/mypage/item", "routes/liver/mypage-item.tsx"),
  route("liver/mypage/item/convert", "routes/liver/mypage-item-convert.tsx"),
  route("liver/mypage/payment", "routes/liver/mypage-payment.tsx"),
  route("liver/mypage/payment/confirm", "routes/liver/mypage-payment-confirm.tsx"),
  route("liver/mypage/payment/receipts/:id", "routes/liver/mypage-payment-receipt.tsx"),
  route("liver/mypage/payment/test-checkout/:session", "routes/liver/mypage-payment-test-checkout.tsx"),
  // The live room (ADR 0043): fans, and the record and summary of the lives
  route("liver/mypage/fans", "routes/account/mypage-fans.tsx", { id: "liver-mypage-fans" }),
  route("liver/mypage/lives", "routes/account/mypage-lives.tsx", { id: "liver-mypage-lives" }),
  route("liver/mypage/lives/:id", "routes/account/mypage-live-summary.tsx", {
    id: "liver-mypage-live-summary",
  }),
];

const STAFF_MYPAGE = [
  route("staff/mypage", "routes/staff/mypage-home.tsx", { id: "staff-mypage" }),
  route("staff/mypage/message", "routes/account/mypage-messages.tsx", { id: "staff-mypage-message" }),
  route("staff/mypage/message/:id", "routes/account/mypage-message-room.tsx", {
    id: "staff-mypage-message-room",
  }),
  route("staff/mypage/profile", "routes/staff/mypage-profile.tsx"),
  route("staff/mypage/schedule", "routes/staff/mypage-schedule.tsx"),
  route("staff/mypage/post", "routes/staff/mypage-post.tsx"),
  route("staff/mypage/setting", "routes/staff/mypage-setting.tsx"),
  route("staff/mypage/news/:id", "routes/account/mypage-news-detail.tsx", { id: "staff-mypage-news-detail" }),
  route("staff/mypage/notifications", "routes/account/mypage-notifications.tsx", {
    id: "staff-mypage-notifications",
  }),
  route("staff/mypage/instagram", "routes/staff/mypage-instagram.tsx"),
  route("staff/mypage/instagram/callback/:source", "routes/staff/mypage-instagram-callback.ts"),
  route("staff/mypage/manual", "routes/account/mypage-manual.tsx", { id: "staff-mypage-manual" }),
  route("staff/mypage/item", "routes/staff/mypage-item.tsx"),
  // The live room (ADR 0043): fans, and the record and summary of the lives
  route("staff/mypage/fans", "routes/account/mypage-fans.tsx", { id: "staff-mypage-fans" }),
  route("staff/mypage/lives", "routes/account/mypage-lives.tsx", { id: "staff-mypage-lives" }),
  route("staff/mypage/lives/:id", "routes/account/mypage-live-summary.tsx", {
    id: "staff-mypage-live-summary",
  }),
];

const ADMIN_PAGES = [
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin/shop_entry", "routes/admin/inquiries.tsx", { id: "admin-shop-entry" }),
  route("admin/shop_entry/:id", "routes/admin/inquiry.tsx", { id: "admin-shop-entry-detail" }),
  route("admin/contact", "routes/admin/inquiries.tsx", { id: "admin-contact" }),
  route("admin/contact/:id", "routes/admin/inquiry.tsx", { id: "admin-contact-detail" }),
  route("admin/mail", "routes/admin/mail.tsx"),
  route("admin/news", "routes/admin/news.tsx"),
  route("admin/news/new", "routes/admin/news-edit.tsx", { id: "admin-news-new" }),
  route("admin/news/:id", "routes/admin/news-edit.tsx", { id: "admin-news-edit" }),
  route("admin/audit", "routes/admin/audit.tsx"),
  // Money: payouts and the catalogue (ADR 0033, ADR 0036)
  route("admin/payouts", "routes/admin/payouts.tsx"),
  route("admin/payout-batches/:id", "routes/admin/payout-batch-file.ts"),
  // The platform's transfer account of the 全銀 files (ADR 0053)
  route("admin/settings/transfer", "routes/admin/transfer-settings.tsx"),
  route("admin/coin-packs", "routes/admin/coin-packs.tsx"),
  route("admin/items", "routes/admin/items.tsx"),
  // Stores, staff and remote configuration (ADR 0033)
  route("admin/stores", "routes/admin/stores.tsx"),
  route("admin/stores/ranking", "routes/admin/store-ranking.tsx"),
  route("admin/stores/:id", "routes/admin/store.tsx"),
  route("admin/staff", "routes/admin/staff-list.tsx"),
  route("admin/staff/:id", "routes/admin/staff.tsx"),
  route("admin/config", "routes/admin/config.tsx"),
  // The PR label of posts (ADR 0051)
  route("admin/posts", "routes/admin/posts.tsx"),
  // Reports from chat rooms and live comments (ADR 0033, ADR 0030)
  route("admin/reports", "routes/admin/reports.tsx"),
  route("admin/reports/:kind/:id", "routes/admin/report.tsx"),
  // Blocks and suspensions of accounts (ADR 0033, ADR 0039)
  route("admin/accounts/suspensions", "routes/admin/account-suspensions.tsx"),
  // Age verification of listeners (ADR 0055)
  route("admin/age-verifications", "routes/admin/age-verifications.tsx"),
  route("admin/age-verifications/:id", "routes/admin/age-verification.tsx"),
  route("admin/age-verifications/:id/document", "routes/admin/age-verification-document.ts"),
  route("admin/*", "routes/admin/not-found.tsx"),
];

export default [
  index("routes/public/home.tsx"),

  // Public directory (docs/product.md: store and staff pages are public under /listener/)
  route("search/liver", "routes/public/search-liver.tsx"),
  route("search/staff", "routes/public/search-staff.tsx"),
  // Coupons and the screen shown at the door (ADR 0058)
  route("coupons", "routes/public/coupons.tsx"),
  route("coupons/:id", "routes/public/coupon.tsx"),
  // Map and GPS (ADR 0028)
  route("gps", "routes/public/gps.tsx"),
  route("search/sns", "routes/public/search-sns.tsx"),
  route("listener/liver/:id", "routes/public/liver-page.tsx"),
  route("listener/staff/:id", "routes/public/staff-page.tsx"),
  // The live viewer (ADR 0031): public, `:id` is the staff member's or the store's id
  route("listener/live/:id", "routes/public/live-page.tsx"),

  // Feeds (ADR 0024 "Pages"): one page module, the scope from the route id
  route("sns", "routes/public/feed.tsx", { id: "feed-sns" }),
  route("youtube", "routes/public/feed.tsx", { id: "feed-youtube" }),
  route("listener/staff/:id/sns", "routes/public/feed.tsx", { id: "feed-staff-sns" }),
  route("listener/staff/:id/youtube", "routes/public/feed.tsx", { id: "feed-staff-youtube" }),
  route("listener/liver/:id/sns", "routes/public/feed.tsx", { id: "feed-liver-sns" }),
  route("listener/liver/:id/youtube", "routes/public/feed.tsx", { id: "feed-liver-youtube" }),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),

  // Accounts (docs/product.md, ADR 0021, ADR 0007); /login leads to the three logins and registrations (docs/product.md)
  route("login", "routes/public/login-hub.tsx"),
  ...ACCOUNT_ROLES.map((role) => route(`${role}/login`, "routes/account/login.tsx", { id: `${role}-login` })),
  route("listener/registration", "routes/listener/registration.tsx"),
  route("listener/registration/confirm", "routes/listener/registration-confirm.tsx"),
  route("listener/registration/complete", "routes/listener/registration-complete.tsx"),
  route("liver/registration", "routes/liver/registration.tsx"),
  route("liver/registration/confirm", "routes/liver/registration-confirm.tsx"),
  route("liver/registration/complete", "routes/liver/registration-complete.tsx"),
  route("staff/registration", "routes/staff/registration.tsx"),
  route("staff/registration/confirm", "routes/staff/registration-confirm.tsx"),
  route("staff/registration/complete", "routes/staff/registration-complete.tsx"),
  ...ACCOUNT_ROLES.flatMap((role) => [
    route(`${role}/reset`, "routes/account/reset.tsx", { id: `${role}-reset` }),
    route(`${role}/reset/complete`, "routes/account/reset-complete.tsx", { id: `${role}-reset-complete` }),
  ]),
  route("logout", "routes/account/logout.ts"),

  // Information pages, contact and listing request (docs/product.md, ADR 0008)
  route("about", "routes/info/about.tsx"),
  route("terms", "routes/info/terms.tsx"),
  route("terms-store", "routes/info/terms-store.tsx"),
  route("privacy-policy", "routes/info/privacy-policy.tsx"),
  route("specified-commercial", "routes/info/specified-commercial.tsx"),
  route("account", "routes/info/account.tsx"),
  route("messages", "routes/info/messages.tsx"),
  route("faq", "routes/info/faq.tsx"),
  route("service/listener", "routes/info/service-listener.tsx"),
  route("service/liver", "routes/info/service-liver.tsx"),
  route("contact", "routes/inquiry/contact.tsx"),
  route("contact/confirm", "routes/inquiry/contact-confirm.tsx"),
  route("contact/complete", "routes/inquiry/contact-complete.tsx"),
  route("shop_entry", "routes/inquiry/shop-entry.tsx"),
  // Notification mail's one-click unsubscribe (ADR 0025, RFC 8058)
  route("unsubscribe/:token", "routes/public/unsubscribe.tsx"),
  mypageArea("listener", LISTENER_MYPAGE),
  mypageArea("liver", LIVER_MYPAGE),
  mypageArea("staff", STAFF_MYPAGE),

  // The operator's console (ADR 0033): login open, everything else behind the shell's guard
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/enroll", "routes/admin/enroll.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", ADMIN_PAGES),

  route("api/health", "routes/api/health.ts"),
  route("api/areas", "routes/api/areas.ts"),
  route("api/options", "routes/api/options.ts"),
  route("api/me", "routes/api/me.ts"),
  route("api/me/events", "routes/api/me-events.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/postal-codes/:code", "routes/api/postal-codes.ts"),
  // The Zengin bank and branch data for the payout account (ADR 0054)
  route("api/banks", "routes/api/banks.ts"),
  route("api/banks/:code/branches", "routes/api/bank-branches.ts"),
  // The station data for the store's access (ADR 0056)
  route("api/stations", "routes/api/stations.ts"),
  route("api/challenge", "routes/api/challenge.ts"),
  route("api/liver/staff/:id/schedules", "routes/api/liver-staff-schedules.ts"),
  // Public directory (ADR 0020)
  route("api/livers", "routes/api/livers.ts"),
  route("api/livers/nearby", "routes/api/livers-nearby.ts"),
  route("api/livers/:id", "routes/api/liver.ts", { id: "api-liver" }),
  route("api/livers/slug/:slug", "routes/api/liver.ts", { id: "api-liver-slug" }),
  route("api/livers/:id/staffs", "routes/api/liver-staffs.ts"),
  route("api/livers/:id/estimate", "routes/api/liver-estimate.ts"),
  route("api/staffs", "routes/api/staffs.ts"),
  route("api/staffs/top", "routes/api/staffs-top.ts"),
  route("api/staffs/:id", "routes/api/staff.ts", { id: "api-staff" }),
  route("api/staffs/slug/:slug", "routes/api/staff.ts", { id: "api-staff-slug" }),
  route("api/staffs/:id/schedules", "routes/api/staff-schedules.ts"),
  route("api/favorites", "routes/api/favorites.ts"),
  // Posts and feeds (ADR 0024)
  route("api/posts", "routes/api/posts.ts"),
  route("api/posts/map", "routes/api/posts-map.ts"),
  route("api/favorites/:favoriteId", "routes/api/favorite.ts"),
  route("api/listeners/rooms", "routes/api/listener-rooms.ts"),
  route("api/rooms", "routes/api/rooms.ts"),
  route("api/rooms/:id/messages", "routes/api/room-messages.ts"),
  route("api/rooms/:id/read", "routes/api/room-read.ts"),
  route("api/rooms/:id/typing", "routes/api/room-typing.ts"),
  route("api/rooms/:id/block", "routes/api/room-block.ts"),
  route("api/rooms/:id/report", "routes/api/room-report.ts"),
  route("api/rooms/:id/events", "routes/api/room-events.ts"),
  // Live streaming (ADR 0031)
  route("api/lives", "routes/api/lives.ts"),
  route("api/lives/:id", "routes/api/live.ts"),
  route("api/lives/:id/end", "routes/api/live-end.ts"),
  route("api/lives/:id/heartbeat", "routes/api/live-heartbeat.ts"),
  route("api/lives/:id/comments", "routes/api/live-comments.ts"),
  route("api/lives/:id/comments/:commentId", "routes/api/live-comment.ts"),
  route("api/lives/:id/comments/:commentId/report", "routes/api/live-comment-report.ts"),
  route("api/lives/:id/blocks", "routes/api/live-blocks.ts"),
  route("api/lives/:id/viewers", "routes/api/live-viewers.ts"),
  route("api/lives/:id/viewers/:viewerId", "routes/api/live-viewer.ts"),
  route("api/lives/:id/media", "routes/api/live-media.ts"),
  route("api/lives/:id/events", "routes/api/live-events.ts"),
  // The live room (ADR 0043)
  route("api/lives/:id/ranking", "routes/api/live-ranking.ts"),
  route("api/lives/:id/pin", "routes/api/live-pin.ts"),
  route("api/lives/:id/summary", "routes/api/live-summary.ts"),
  route("api/fans", "routes/api/fans.ts"),
  // In-app notifications (ADR 0044)
  route("api/notifications", "routes/api/notifications.ts"),
  route("api/notifications/read", "routes/api/notifications-read.ts"),
  // Web push (ADR 0045)
  route("api/push/subscriptions", "routes/api/push-subscriptions.ts"),
  route("api/livekit/webhook", "routes/api/livekit-webhook.ts"),
  route("api/payments/webhook", "routes/api/payments-webhook.ts"),
  route("api/gifts", "routes/api/gifts.ts"),
  route("listener/mypage/history.csv", "routes/listener/mypage-history-csv.ts"),
  route("api/posts/:id", "routes/api/post.ts"),
  // Remote configuration (ADR 0033)
  route("api/config", "routes/api/config.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/mail/:id", "routes/dev/mail-detail.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
