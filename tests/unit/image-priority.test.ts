import { describe, expect, it } from "vitest";
import { imageLoading, imagePriorityAt } from "~/components/directory/image-priority";

describe("imagePriorityAt: the pictures of a list's first cards load at once", () => {
  it.each([
    [0, "high"],
    [1, "high"],
    [2, "eager"],
    [3, "eager"],
    [4, "lazy"],
    [9, "lazy"],
    [100, "lazy"],
  ] as const)("card %i → %s", (index, priority) => {
    expect(imagePriorityAt(index)).toBe(priority);
  });
});

describe("imageLoading: the <img> attributes of a priority", () => {
  it.each([
    ["high", { loading: "eager", fetchPriority: "high" }],
    ["eager", { loading: "eager" }],
    ["lazy", { loading: "lazy" }],
    [undefined, { loading: "lazy" }],
  ] as const)("%s", (priority, attributes) => {
    expect(imageLoading(priority)).toEqual(attributes);
  });
});
