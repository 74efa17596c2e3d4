import { type ChangeEvent, useEffect, useState } from "react";
import { Form } from "react-router";
import { errorIdOf, FieldError, fieldId } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { Section, type SettingsFormResult } from "./settings-forms";

/**
 * The listener's profile picture: a preview of the chosen file before it is sent (with
 * JavaScript), the upload re-encoded on the server, and a button to remove the picture.
 */
export function ProfileImageForm({
  action,
  imageUrl,
  nickname,
  result,
}: {
  action: string;
  imageUrl: string;
  nickname: string;
  result?: SettingsFormResult;
}) {
  const { shown, tooLarge, onChange } = useImagePreview(imageUrl);
  // The server checks again; this only saves sending 10 MB for nothing.
  const error = tooLarge ? IMAGE_MESSAGES.too_large : (result?.errors.image ?? result?.errors._form);
  const id = fieldId("image", "image");

  return (
    <Section
      id="image"
      title="プロフィール画像"
      lead="JPEG・PNG・WebP・GIF・AVIF、10MBまで。位置情報などの撮影データは削除して保存します。"
    >
      <div className="flex items-center gap-4">
        <ProfileAvatar src={shown} nickname={nickname} />
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="min-w-0 flex-1 space-y-3"
          noValidate
        >
          <input type="hidden" name="intent" value="image" />
          <label htmlFor={id} className="block font-bold text-slate-800 text-sm">
            画像を選択
          </label>
          <input
            id={id}
            name="image"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorIdOf(id) : undefined}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-bold file:text-brand-700 hover:file:bg-brand-100"
          />
          <FieldError id={errorIdOf(id)} error={error} />
          <SubmitButton pendingLabel="アップロード中…">画像を保存する</SubmitButton>
        </Form>
      </div>
      {imageUrl && (
        <Form method="post" action={action} className="mt-3 text-right">
          <input type="hidden" name="intent" value="image" />
          <input type="hidden" name="remove" value="1" />
          <button type="submit" className="min-h-11 px-2 text-red-700 text-sm underline">
            画像を削除する
          </button>
        </Form>
      )}
    </Section>
  );
}

/**
 * The chosen file as a picture (an object URL, released when replaced or unmounted), else the
 * stored one; and whether the file is over the upload limit.
 */
function useImagePreview(imageUrl: string) {
  const [preview, setPreview] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setTooLarge(Boolean(file && file.size > IMAGE_MAX_BYTES));
    if (file?.type.startsWith("image/")) setPreview(URL.createObjectURL(file));
    else setPreview(null);
  };

  return { shown: preview ?? imageUrl, tooLarge, onChange };
}

/** The round picture, or the nickname's first letter when there is none. */
function ProfileAvatar({ src, nickname }: { src: string; nickname: string }) {
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-full bg-brand-50 ring-1 ring-slate-200">
      {src ? (
        <img src={src} alt="現在のプロフィール画像" className="size-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-full items-center justify-center font-bold text-2xl text-brand-700"
        >
          {Array.from(nickname)[0] ?? "？"}
        </span>
      )}
    </div>
  );
}
