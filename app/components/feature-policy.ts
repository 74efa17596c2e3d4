/**
 * Permissions-Policy is fixed when a document loads (server/permissions-policy.ts): a page reached
 * by a client-side navigation keeps the policy of the page the visitor opened first, where camera,
 * microphone and geolocation are off. A page that needs one of them calls this before asking the
 * browser: when the current document does not allow the feature, the page is loaded again as a
 * document (once; the marker stops a loop where the server does not allow it either).
 *
 * Returns true when a reload was started (the caller should stop).
 */
export function reloadIfFeatureBlocked(feature: "camera" | "microphone" | "geolocation"): boolean {
  const doc = document as Document & {
    permissionsPolicy?: { allowsFeature(name: string): boolean };
    featurePolicy?: { allowsFeature(name: string): boolean };
  };
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  const marker = `feature-reload:${location.pathname}`;
  if (!policy || policy.allowsFeature(feature)) {
    sessionStorage.removeItem(marker);
    return false;
  }
  if (sessionStorage.getItem(marker)) {
    sessionStorage.removeItem(marker);
    return false;
  }
  sessionStorage.setItem(marker, "1");
  location.reload();
  return true;
}
