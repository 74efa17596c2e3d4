import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { Bbox } from "~/domain/geo";
import { Spinner } from "../ui/spinner";
import { MAP_TEXTS, type MapTiles } from "./map-texts";

/**
 * A Leaflet map that is loaded only in the browser and only on the pages that show one: Leaflet's
 * script and stylesheet come by a dynamic `import()` once the component is mounted, so no other
 * page carries them (the page-weight budget). The server renders a box of the same size with a
 * loading state, which the map then fills (no layout shift).
 *
 * Keyboard: the map takes focus (arrows pan, +/- zoom: Leaflet's keyboard handler) and every
 * marker is a focusable button with a name; Enter on a marker does what a click does. Markers are
 * CSS (divIcon), never Leaflet's default PNG icons. Every page that shows a map also lists what it
 * shows (the map itself is not the only way to the content).
 */

export type MapMarkerKind = "store" | "cluster" | "me";

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** The marker's accessible name (and tooltip). */
  label: string;
  kind: MapMarkerKind;
  /** The number shown on a cluster (posts) or a store marker (its place in the list). */
  badge?: string;
  /** A cluster: a click or Enter zooms the map to these bounds. */
  zoomTo?: Bbox;
  /** A click or Enter on the marker (after zooming, for clusters). */
  onSelect?: () => void;
  /** Drawn highlighted (the store whose posts are open). */
  active?: boolean;
}

export interface MapPin {
  lat: number;
  lng: number;
  label: string;
  /** The pin was dragged, or the map clicked: its new place. */
  onMove: (lat: number, lng: number) => void;
}

export interface MapViewChange {
  bbox: Bbox;
  zoom: number;
}

export interface LeafletMapProps {
  tiles: MapTiles;
  /** What the map shows, for screen readers (the map region's name). */
  label: string;
  /** The first view: a centre and zoom, or bounds to fit. */
  view: { center: [number, number]; zoom: number } | { bounds: Bbox; maxZoom?: number };
  markers?: MapMarker[];
  /** A draggable pin (the store's position); a click on the map moves it there. */
  pin?: MapPin;
  /** After every pan or zoom (and once when the map is ready), the visible box and zoom. */
  onViewChange?: (change: MapViewChange) => void;
  /** A circle drawn under the markers (the radius of a nearby search), in metres. */
  circle?: { lat: number; lng: number; radius: number };
  /** Zoom to these bounds whenever `seq` changes (a list's "zoom here" button). */
  fitTo?: { bounds: Bbox; seq: number } | null;
  /** Size of the box (the same before and after the map loads). */
  className?: string;
  testId?: string;
}

type LeafletModule = typeof Leaflet;

/** Leaflet and its stylesheet, loaded once per page. */
let leafletPromise: Promise<LeafletModule> | null = null;
function loadLeaflet(): Promise<LeafletModule> {
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
const round = (value: number) => Math.round(value * 1e6) / 1e6;

function boundsOf(L: LeafletModule, [west, south, east, north]: Bbox): Leaflet.LatLngBounds {
  return L.latLngBounds([south, west], [north, east]);
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

const PIN_ICON_SIZE: [number, number] = [36, 46];

export function LeafletMap({
  tiles,
  label,
  view,
  markers = [],
  pin,
  onViewChange,
  fitTo,
  circle,
  className = "h-72",
  testId,
}: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const map = useRef<Leaflet.Map | null>(null);
  const leaflet = useRef<LeafletModule | null>(null);
  const markerLayer = useRef<Leaflet.LayerGroup | null>(null);
  const pinMarker = useRef<Leaflet.Marker | null>(null);
  const drawnMarkers = useRef(
    new Map<string, { marker: Leaflet.Marker; signature: string; item: MapMarker }>(),
  );
  // The latest callbacks, read by Leaflet's listeners (registered once).
  const latest = useRef({ onViewChange, pin });
  latest.current = { onViewChange, pin };
  const initialView = useRef(view);
  // Drawn once with the map: a page that changes it remounts the map (its `key`).
  const initialCircle = useRef(circle);

  // Create the map once.
  useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | null = null;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !container.current) return;
        leaflet.current = L;
        const m = L.map(container.current, {
          keyboard: true,
          zoomControl: false,
          attributionControl: true,
          // Keep Japan in reach; the whole world is not the product's.
          worldCopyJump: false,
          maxBoundsViscosity: 0.8,
        });
        created = m;
        m.attributionControl.setPrefix(false);
        L.control.zoom({ zoomInTitle: MAP_TEXTS.zoomIn, zoomOutTitle: MAP_TEXTS.zoomOut }).addTo(m);
        L.tileLayer(tiles.url, {
          attribution: tiles.attribution,
          maxZoom: 19,
          crossOrigin: false,
        }).addTo(m);
        const first = initialView.current;
        if ("bounds" in first)
          m.fitBounds(boundsOf(L, first.bounds), { padding: [32, 32], maxZoom: first.maxZoom ?? 16 });
        else m.setView(first.center, first.zoom);
        const ring = initialCircle.current;
        if (ring)
          L.circle([ring.lat, ring.lng], {
            radius: ring.radius,
            color: "#db2777",
            weight: 2,
            opacity: 0.6,
            fillColor: "#db2777",
            fillOpacity: 0.06,
            interactive: false,
          }).addTo(m);
        markerLayer.current = L.layerGroup().addTo(m);
        const report = () => {
          const bounds = m.getBounds();
          latest.current.onViewChange?.({
            bbox: [
              round(clamp(bounds.getWest(), -180, 180)),
              round(clamp(bounds.getSouth(), -90, 90)),
              round(clamp(bounds.getEast(), -180, 180)),
              round(clamp(bounds.getNorth(), -90, 90)),
            ],
            zoom: m.getZoom(),
          });
        };
        m.on("moveend", report);
        m.on("click", (event: Leaflet.LeafletMouseEvent) => {
          latest.current.pin?.onMove(round(event.latlng.lat), round(event.latlng.lng));
        });
        // The container's own name and role: a region the keyboard can enter.
        const element = m.getContainer();
        element.setAttribute("role", "region");
        element.setAttribute("aria-label", `${label}（${MAP_TEXTS.keyboardHint}）`);
        map.current = m;
        setState("ready");
        report();
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      created?.remove();
      map.current = null;
      markerLayer.current = null;
      pinMarker.current = null;
      drawnMarkers.current.clear();
    };
  }, [tiles.url, tiles.attribution, label]);

  // The markers: one Leaflet marker per id, kept while it looks the same (so a focused marker
  // keeps the focus when the list is fetched again), replaced when it changes, removed when gone.
  useEffect(() => {
    const L = leaflet.current;
    const layer = markerLayer.current;
    const m = map.current;
    if (state !== "ready" || !L || !layer || !m) return;
    const drawn = drawnMarkers.current;
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
      drawn.set(item.id, entry);
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
    }
  }, [markers, state]);

  const fitSeq = fitTo?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `seq` is the request
  useEffect(() => {
    const L = leaflet.current;
    if (state !== "ready" || !L || !map.current || !fitTo) return;
    map.current.fitBounds(boundsOf(L, fitTo.bounds), { padding: [48, 48], maxZoom: 17 });
  }, [fitSeq, state]);

  // The draggable pin.
  const pinLat = pin?.lat;
  const pinLng = pin?.lng;
  const pinLabel = pin?.label;
  useEffect(() => {
    const L = leaflet.current;
    const m = map.current;
    if (state !== "ready" || !L || !m) return;
    if (pinLat === undefined || pinLng === undefined) {
      pinMarker.current?.remove();
      pinMarker.current = null;
      return;
    }
    if (!pinMarker.current) {
      const marker = L.marker([pinLat, pinLng], {
        draggable: true,
        autoPan: true,
        keyboard: true,
        title: pinLabel,
        icon: L.divIcon({
          className: "map-marker map-marker-pin",
          html: '<span class="map-pin map-pin-own" aria-hidden="true"><span></span></span>',
          iconSize: PIN_ICON_SIZE,
          iconAnchor: [PIN_ICON_SIZE[0] / 2, PIN_ICON_SIZE[1]],
        }),
      }).addTo(m);
      marker.on("dragend", () => {
        const at = marker.getLatLng();
        latest.current.pin?.onMove(round(at.lat), round(at.lng));
      });
      marker.getElement()?.setAttribute("aria-label", pinLabel ?? "");
      marker.getElement()?.setAttribute("data-marker-kind", "pin");
      pinMarker.current = marker;
      return;
    }
    const current = pinMarker.current.getLatLng();
    if (current.lat !== pinLat || current.lng !== pinLng) {
      pinMarker.current.setLatLng([pinLat, pinLng]);
      if (!m.getBounds().contains([pinLat, pinLng])) m.panTo([pinLat, pinLng]);
    }
  }, [pinLat, pinLng, pinLabel, state]);

  return (
    <div
      className={`relative isolate overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200 ${className}`}
      data-testid={testId}
      data-map-state={state}
    >
      <div ref={container} className="absolute inset-0 z-0" />
      {state !== "ready" ? (
        <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 bg-slate-100 text-slate-600 text-sm">
          {state === "loading" ? (
            <>
              <Spinner label={MAP_TEXTS.loading} />
              <span aria-hidden="true">{MAP_TEXTS.loading}</span>
            </>
          ) : (
            <p role="alert">{MAP_TEXTS.failed}</p>
          )}
          <noscript>
            <p className="px-4 text-center">{MAP_TEXTS.noScript}</p>
          </noscript>
        </div>
      ) : null}
    </div>
  );
}
