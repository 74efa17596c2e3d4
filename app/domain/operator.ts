/**
 * The operator of the site as the law wants it shown (特定商取引法に基づく表記, プライバシーポリシー)
 * and the address that receives contact messages and listing requests. Configured with OPERATOR_*.
 */
export interface Operator {
  name: string;
  representative: string;
  address: string;
  phone: string;
  email: string;
  /** True while any field is a development placeholder (never in production: the start refuses). */
  isPlaceholder: boolean;
}
