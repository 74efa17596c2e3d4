/**
 * The web push keys every production configuration needs (ADR 0045): a real P-256 pair made for
 * the tests (never used to push anywhere).
 */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BIVpTA8qo9bFnFjDW2ACY59ibyFXhgdZ0VFrAc4HsZZuwAPBTPWWYGEEwpxk6Wgh2BRZJIwXI4lA0dXrS-wSCMc",
  VAPID_PRIVATE_KEY: "aD5FJmAn73wN855KiXmsyJdc-X-3hEiuJ8kl-jREjm4",
  VAPID_SUBJECT: "mailto:ops@example.com",
} as const;
