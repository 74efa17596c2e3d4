import { useEffect, useState } from "react";
import { Field } from "~/components/form/field";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "~/domain/images";

/**
 * The picture of an identity document (ADR 0055): a file input that offers the camera on a phone,
 * with a preview of the chosen picture before it is sent (with JavaScript; without it the form
 * works the same, unseen).
 */
export function AgeDocumentField({ name, label, error }: { name: string; label: string; error?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Field
      name={name}
      label={label}
      required
      error={error}
      hint={`生年月日が読める写真を選んでください（JPEG・PNG・WebPなど、${IMAGE_MAX_BYTES / 1024 / 1024}MBまで）。`}
    >
      {(control) => (
        <div className="space-y-3">
          <input
            {...control}
            type="file"
            accept={IMAGE_ACCEPT}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white p-2 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-bold file:text-brand-700"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
          {preview ? (
            <img
              src={preview}
              alt="選んだ書類の画像"
              className="max-h-64 w-auto rounded-lg ring-1 ring-slate-200"
              data-testid="age-document-preview"
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}
