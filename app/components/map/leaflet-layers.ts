import type * as Leaflet from "leaflet";
import type { Bbox } from "~/domain/geo-units";
import type { LeafletMapProps, MapMarker, MapViewChange } from "./leaflet-map";
import { MAP_TEXTS } from "./map-texts";

/**
 * What LeafletMap draws, as plain Leaflet calls (no React): the map with its controls, tiles, first
 * view and circle, the markers (kept while they look the same) and the draggable pin.
 */

export type LeafletModule = typeof Leaflet;

/** Leaflet and its stylesheet, loaded once per page. */
let leafletPromise: Promise<LeafletModule> | null = null;
export function loadLeaflet(): Promise<LeafletModule> {
  leafletPromise ??= Promise.all([
    import("leaflet"),
    import("leaflet/dist/leaflet.css"),
    import("./map.css"),
  ]).then(
    ([module]) => ((module as unknown as { default?: LeafletModule }).default ?? module) as LeafletModule,
  );
  return leafletPromise;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function boundsOf(L: LeafletModule, [west, south, east, north]: Bbox): Leaflet.LatLngBounds {
  return L.latLngBounds([south, west], [north, east]);
}

/** A new, empty map in `element`: the keyboard on, our own zoom control. */
export function createMap(L: LeafletModule, element: HTMLElement): Leaflet.Map {
  return L.map(element, {
    keyboard: true,
    zoomControl: false,
    attributionControl: true,
    // Keep Japan in reach; the whole world is not the product's.
    worldCopyJump: false,
    maxBoundsViscosity: 0.8,
  });
}

/** The controls, tiles, first view and circle of a new map. */
export function dressMap(
  L: LeafletModule,
  m: Leaflet.Map,
  { tiles, view, circle }: Pick<LeafletMapProps, "tiles" | "view" | "circle">,
): void {
  m.attributionControl.setPrefix(false);
  L.control.zoom({ zoomInTitle: MAP_TEXTS.zoomIn, zoomOutTitle: MAP_TEXTS.zoomOut }).addTo(m);
  L.tileLayer(tiles.url, {
    attribution: tiles.attribution,
    maxZoom: 19,
    crossOrigin: false,
  }).addTo(m);
  if ("bounds" in view)
    m.fitBounds(boundsOf(L, view.bounds), { padding: [32, 32], maxZoom: view.maxZoom ?? 16 });
  else m.setView(view.center, view.zoom);
  if (circle)
    L.circle([circle.lat, circle.lng], {
      radius: circle.radius,
      color: "#db2777",
      weight: 2,
      opacity: 0.6,
      fillColor: "#db2777",
      fillOpacity: 0.06,
      interactive: false,
    }).addTo(m);
}

/** The visible box (within the world's bounds, rounded) and zoom of a map. */
export function viewOf(m: Leaflet.Map): MapViewChange {
  const bounds = m.getBounds();
  return {
    bbox: [
      round(clamp(bounds.getWest(), -180, 180)),
      round(clamp(bounds.getSouth(), -90, 90)),
      round(clamp(bounds.getEast(), -180, 180)),
      round(clamp(bounds.getNorth(), -90, 90)),
    ],
    zoom: m.getZoom(),
  };
}

function iconOf(L: LeafletModule, marker: MapMarker): Leaflet.DivIcon {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  if (marker.kind === "me") {
    return L.divIcon({
      className: "map-marker map-marker-me",
      html: '<span class="map-me-dot" aria-hidden="true"></span>',
      iconSize: [22, 22],
      iconAnchor: [11, 11],
    });
  }
  if (marker.kind === "cluster") {
    const size = marker.badge && marker.badge.length > 2 ? 48 : 40;
    return L.divIcon({
      className: "map-marker map-marker-cluster",
      html: `<span class="map-cluster" aria-hidden="true">${escapeHtml(marker.badge ?? "")}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
  }
  return L.divIcon({
    className: `map-marker map-marker-store${marker.active ? " is-active" : ""}`,
    html: `<span class="map-pin" aria-hidden="true"><span>${escapeHtml(marker.badge ?? "")}</span></span>`,
    iconSize: [32, 40],
    iconAnchor: [16, 40],
  });
}

/** A marker on the map with the item it was drawn for (the latest one, for its callbacks). */
export interface DrawnMarker {
  marker: Leaflet.Marker;
  signature: string;
  item: MapMarker;
}

/**
 * The markers: one Leaflet marker per id, kept while it looks the same (so a focused marker
 * keeps the focus when the list is fetched again), replaced when it changes, removed when gone.
 */
export function syncMarkers(
  L: LeafletModule,
  m: Leaflet.Map,
  layer: Leaflet.LayerGroup,
  drawn: Map<string, DrawnMarker>,
  markers: readonly MapMarker[],
): void {
  const wanted = new Set(markers.map((item) => item.id));
  for (const [id, entry] of drawn)
    if (!wanted.has(id)) {
      layer.removeLayer(entry.marker);
      drawn.delete(id);
    }
  for (const item of markers) {
    const signature = JSON.stringify([item.lat, item.lng, item.kind, item.label, item.badge, item.zoomTo]);
    const existing = drawn.get(item.id);
    if (existing && existing.signature === signature) {
      existing.item = item;
      // Highlighting changes the element in place (a new element would lose the focus).
      existing.marker.getElement()?.classList.toggle("is-active", Boolean(item.active));
      existing.marker.setZIndexOffset(item.active ? 500 : 0);
      continue;
    }
    if (existing) layer.removeLayer(existing.marker);
    drawn.set(item.id, drawMarker(L, m, layer, item, signature));
  }
}

/** One marker, named, that a click, Enter or Space selects (zooming first, for a cluster). */
function drawMarker(
  L: LeafletModule,
  m: Leaflet.Map,
  layer: Leaflet.LayerGroup,
  item: MapMarker,
  signature: string,
): DrawnMarker {
  const marker = L.marker([item.lat, item.lng], {
    icon: iconOf(L, item),
    keyboard: item.kind !== "me",
    title: item.label,
    alt: item.label,
    riseOnHover: true,
    zIndexOffset: item.kind === "me" ? 1000 : item.active ? 500 : 0,
    interactive: item.kind !== "me",
  });
  const entry = { marker, signature, item };
  // The latest item's callbacks (a kept marker gets new ones with each render).
  const select = () => {
    const current = entry.item;
    if (current.zoomTo) m.fitBounds(boundsOf(L, current.zoomTo), { padding: [48, 48], maxZoom: 17 });
    current.onSelect?.();
  };
  marker.on("click", select);
  marker.addTo(layer);
  const element = marker.getElement();
  if (element) {
    // A focused marker is a button: Enter and Space do what a click does (Leaflet itself
    // handles Enter only for markers with a popup).
    if (item.kind !== "me")
      element.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();
        select();
      });
    element.setAttribute("aria-label", item.label);
    element.dataset.markerKind = item.kind;
    if (item.kind === "me") element.setAttribute("aria-hidden", "true");
  }
  return entry;
}

const PIN_ICON_SIZE: [number, number] = [36, 46];

/** The draggable pin (the store's position); `onMove` hears where it was dropped. */
export function drawPin(
  L: LeafletModule,
  m: Leaflet.Map,
  { lat, lng, label }: { lat: number; lng: number; label: string | undefined },
  onMove: (lat: number, lng: number) => void,
): Leaflet.Marker {
  const marker = L.marker([lat, lng], {
    draggable: true,
    autoPan: true,
    keyboard: true,
    title: label,
    icon: L.divIcon({
      className: "map-marker map-marker-pin",
      html: '<span class="map-pin map-pin-own" aria-hidden="true"><span></span></span>',
      iconSize: PIN_ICON_SIZE,
      iconAnchor: [PIN_ICON_SIZE[0] / 2, PIN_ICON_SIZE[1]],
    }),
  }).addTo(m);
  marker.on("dragend", () => {
    const at = marker.getLatLng();
    onMove(round(at.lat), round(at.lng));
  });
  marker.getElement()?.setAttribute("aria-label", label ?? "");
  marker.getElement()?.setAttribute("data-marker-kind", "pin");
  return marker;
}
