import { imageLoading } from "./image-priority";

/** The pictures of a store or a staff member: swipe sideways on a phone, a row from 1024 px. */
export function ImageGallery({
  images,
  alt,
  aspect = "aspect-[4/3]",
  fallbackColor = "#1F2937",
  fallbackTextColor = "white",
}: {
  images: readonly string[];
  /** The subject, e.g. the store name ("… の写真 1"). */
  alt: string;
  aspect?: string;
  fallbackColor?: string;
  /** A text colour readable on `fallbackColor` (the store types carry one). */
  fallbackTextColor?: string;
}) {
  if (images.length === 0) {
    return (
      <div
        className={`grid ${aspect} w-full place-items-center rounded-2xl font-bold`}
        style={{ backgroundColor: fallbackColor, color: fallbackTextColor }}
      >
        NO IMAGE
      </div>
    );
  }
  return (
    // A region that can be focused, so the pictures can be scrolled with the keyboard too.
    <section
      className="-mx-4 overflow-x-auto px-4 pb-2 wide:mx-0 wide:px-0"
      aria-label={`${alt}の写真`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <ul className="flex snap-x snap-mandatory gap-2">
        {images.map((src, index) => (
          <li
            key={src}
            className={`${aspect} w-[85%] shrink-0 snap-center overflow-hidden rounded-2xl bg-slate-200 sm:w-[48%]`}
          >
            <img
              src={src}
              alt={`${alt}の写真 ${index + 1}`}
              width={800}
              height={600}
              {...imageLoading(index === 0 ? "high" : "lazy")}
              decoding="async"
              className="size-full object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
