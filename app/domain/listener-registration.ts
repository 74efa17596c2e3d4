import { z } from "zod";
import { TEXT_FIELD_MESSAGES } from "./text-fields";
import { messages, zEmail, zPassword } from "./validators";

export const NICKNAME_MAX = 20;

/** The labels of the listener registration form, in the order of the form. */
export const LISTENER_FIELD_LABELS = {
  email: "メールアドレス",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
  nickname: "ニックネーム",
};

/** The listener registration form (ADR 0021): shared by the page and the service. */
export const RegisterListenerSchema = z
  .object({
    email: zEmail(),
    password: zPassword(),
    password_confirmation: z.string(),
    nickname: z
      .string()
      .trim()
      .min(1, messages.required)
      .max(NICKNAME_MAX, `ニックネームは${NICKNAME_MAX}文字以内で入力してください`)
      // NUL and other controls (a crafted post; PostgreSQL cannot even store NUL): refused here
      // too, so a draft sealed before the input gate existed cannot reach the database (ADR 0017).
      .refine((value) => !/\p{Cc}/u.test(value), TEXT_FIELD_MESSAGES.control_characters),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "パスワードが一致しません",
  });

export type RegisterListenerInput = z.output<typeof RegisterListenerSchema>;
