/** A staff member's first picture as a round thumbnail, or the first letter of the name. */
export function StaffAvatar({
  name,
  imageUrl,
  size = "size-11",
}: {
  name: string;
  imageUrl: string | null;
  size?: string;
}) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        className={`${size} shrink-0 rounded-full object-cover ring-1 ring-slate-200`}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700`}
    >
      {Array.from(name)[0] ?? "?"}
    </span>
  );
}
