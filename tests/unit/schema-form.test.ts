import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TextInput } from "~/components/form/text-input";
import {
  type FieldBinding,
  field,
  fieldsetOf,
  listField,
  type ServerFormResult,
  useSchemaForm,
} from "~/components/form/use-schema-form";
import { ContactSchema } from "~/domain/contact";
import { PriceSystemSchema } from "~/domain/price-system";

/** A component that calls `read` (which calls the hook) while rendering. */
function Probe({ read }: { read: () => unknown }) {
  read();
  return null;
}

/** Renders a component calling the hook on the server (as the first page load does) and returns what it saw. */
function probe<T>(read: () => T): T {
  let seen: T | undefined;
  renderToString(
    createElement(Probe, {
      read: () => {
        seen = read();
      },
    }),
  );
  return seen as T;
}

function ContactName() {
  const { fields } = useSchemaForm(ContactSchema, {
    result: { values: { name: "山田" }, errors: { name: "お名前を入力してください" } },
  });
  return createElement(TextInput, { ...field(fields.name), label: "お名前", hint: "50文字以内" });
}

const Schema = z
  .object({
    title: z.string().min(1, "タイトルを入力してください"),
    note: z.string().optional(),
    tags: z.array(z.string()),
  })
  .refine(() => true)
  .transform((value) => value);

describe("useSchemaForm + field", () => {
  it("binds a field to the stored default, the schema's 必須, and the default id prefix", () => {
    const bindings = probe(() => {
      const { fields, errors } = useSchemaForm(Schema, {
        defaultValue: { title: "保存済み", tags: ["a", "b"] },
      });
      return { title: field(fields.title), note: field(fields.note), tags: listField(fields.tags), errors };
    });
    expect(bindings.title).toEqual({
      name: "title",
      idPrefix: "field",
      defaultValue: "保存済み",
      error: undefined,
      required: true,
    });
    expect(bindings.note.required).toBeUndefined();
    expect(bindings.tags.defaultValue).toEqual(["a", "b"]);
    expect(bindings.tags.required).toBeUndefined(); // an empty group is a valid answer
    expect(bindings.errors).toEqual({});
  });

  it("shows the action's answer: its values over the defaults, one message per field, the form's own", () => {
    const result: ServerFormResult = {
      values: { title: "", note: "送った" },
      errors: { title: "タイトルを入力してください", _form: "送信内容を読み取れませんでした" },
    };
    const seen = probe(() => {
      const { form, fields, errors } = useSchemaForm(Schema, {
        id: "thing",
        defaultValue: { title: "保存済み", note: "保存済み" },
        result,
      });
      return { title: field(fields.title), note: field(fields.note), formErrors: form.errors, errors };
    });
    expect(seen.title.error).toBe("タイトルを入力してください");
    expect(seen.title.idPrefix).toBe("thing");
    expect(seen.title.defaultValue).toBeUndefined(); // submitted blank (Conform drops "")
    expect(seen.note.defaultValue).toBe("送った");
    expect(seen.note.error).toBeUndefined();
    expect(seen.formErrors).toEqual(["送信内容を読み取れませんでした"]);
    expect(seen.errors).toBe(result.errors); // the summary gets the action's messages as they are
  });

  it("renders a field component with the ids, aria wiring and value it had before", () => {
    const html = renderToString(createElement(ContactName));
    expect(html).toContain('id="field-name"');
    expect(html).toContain('name="name"');
    expect(html).toContain('value="山田"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="field-name-hint field-name-error"');
    expect(html).toContain('aria-required="true"');
    expect(html).toContain('id="field-name-error"');
    expect(html).toContain("お名前を入力してください");
  });

  it("opens nested groups and rows of a preprocessed, transformed schema (the price form)", () => {
    const seen = probe(() => {
      const { fields } = useSchemaForm(PriceSystemSchema, {
        result: {
          values: { extension: { minutes: "30" }, sets: { "0": { price: "abc" } } },
          errors: { "sets.0.price": "料金を数字で入力してください" },
        },
      });
      const row = fieldsetOf(fieldsetOf(fields.sets)["0"]!);
      return {
        minutes: field(fieldsetOf(fields.extension).minutes!),
        price: field(row.price!) as FieldBinding,
      };
    });
    expect(seen.minutes).toMatchObject({ name: "extension.minutes", defaultValue: "30" });
    expect(seen.price).toMatchObject({
      name: "sets.0.price",
      defaultValue: "abc",
      error: "料金を数字で入力してください",
    });
  });
});
