/**
 * How a card's picture loads. The pictures of the first cards of a list are above the fold on a
 * phone (the largest of them is the page's Largest Contentful Paint): they load at once, the very
 * first with a high fetch priority; the rest wait until they come near the viewport.
 */
export type ImagePriority = "high" | "eager" | "lazy";

/** Cards whose pictures load at once (the first row on every layout: 2–4 columns). */
const EAGER_CARDS = 4;
/** Cards whose pictures are fetched before other images (the first row on a phone). */
const HIGH_PRIORITY_CARDS = 2;

/** The priority of the picture of the `index`-th card (0-based) of a list at the top of a page. */
export function imagePriorityAt(index: number): ImagePriority {
  if (index < HIGH_PRIORITY_CARDS) return "high";
  return index < EAGER_CARDS ? "eager" : "lazy";
}

/** The <img> attributes of a priority. */
export function imageLoading(priority: ImagePriority = "lazy"): {
  loading: "eager" | "lazy";
  fetchPriority?: "high";
} {
  if (priority === "high") return { loading: "eager", fetchPriority: "high" };
  return { loading: priority };
}
