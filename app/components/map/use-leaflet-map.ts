import type * as Leaflet from "leaflet";
import { type RefObject, useEffect, useRef, useState } from "react";
import {
  boundsOf,
  createMap,
  type DrawnMarker,
  drawPin,
  dressMap,
  type LeafletModule,
  loadLeaflet,
  round,
  syncMarkers,
  viewOf,
} from "./leaflet-layers";
import type { LeafletMapProps, MapMarker, MapPin } from "./leaflet-map";
import { MAP_TEXTS } from "./map-texts";

type MapState = "loading" | "ready" | "failed";

/** What the hooks of one map share: Leaflet, the map and what is drawn on it, once it is ready. */
interface MapRefs {
  leaflet: RefObject<LeafletModule | null>;
  map: RefObject<Leaflet.Map | null>;
  markerLayer: RefObject<Leaflet.LayerGroup | null>;
  pinMarker: RefObject<Leaflet.Marker | null>;
  drawnMarkers: RefObject<Map<string, DrawnMarker>>;
}

/**
 * The map, created in `container` once Leaflet has loaded (again when the tiles or the name
 * change): its state, and what the other hooks draw with.
 */
export function useLeafletMap({
  tiles,
  label,
  view,
  circle,
  onViewChange,
  pin,
}: Pick<LeafletMapProps, "tiles" | "label" | "view" | "circle" | "onViewChange" | "pin">) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");
  const map = useRef<Leaflet.Map | null>(null);
  const leaflet = useRef<LeafletModule | null>(null);
  const markerLayer = useRef<Leaflet.LayerGroup | null>(null);
  const pinMarker = useRef<Leaflet.Marker | null>(null);
  const drawnMarkers = useRef(new Map<string, DrawnMarker>());
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
        const m = createMap(L, container.current);
        created = m;
        dressMap(L, m, {
          tiles: { url: tiles.url, attribution: tiles.attribution },
          view: initialView.current,
          circle: initialCircle.current,
        });
        markerLayer.current = L.layerGroup().addTo(m);
        const report = () => latest.current.onViewChange?.(viewOf(m));
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

  const refs: MapRefs = { leaflet, map, markerLayer, pinMarker, drawnMarkers };
  return { container, state, refs, latest };
}

/** A map as useLeafletMap answers it, which the hooks below draw on. */
type LeafletMapHandle = ReturnType<typeof useLeafletMap>;

/** The markers, drawn again whenever the list changes (syncMarkers keeps the unchanged ones). */
export function useMapMarkers({ state, refs }: LeafletMapHandle, markers: readonly MapMarker[]) {
  const { leaflet, map, markerLayer, drawnMarkers } = refs;
  useEffect(() => {
    const L = leaflet.current;
    const layer = markerLayer.current;
    const m = map.current;
    if (state !== "ready" || !L || !layer || !m) return;
    syncMarkers(L, m, layer, drawnMarkers.current, markers);
  }, [markers, state, leaflet, map, markerLayer, drawnMarkers]);
}

/** Zooms to `fitTo.bounds` whenever `fitTo.seq` changes (a list's "zoom here" button). */
export function useFitTo({ state, refs }: LeafletMapHandle, fitTo: LeafletMapProps["fitTo"]) {
  const { leaflet, map } = refs;
  const fitSeq = fitTo?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `seq` is the request
  useEffect(() => {
    const L = leaflet.current;
    if (state !== "ready" || !L || !map.current || !fitTo) return;
    map.current.fitBounds(boundsOf(L, fitTo.bounds), { padding: [48, 48], maxZoom: 17 });
  }, [fitSeq, state]);
}

/** The draggable pin: drawn when there is one, moved (and the map panned to it) when it moves. */
export function useMapPin({ state, refs, latest }: LeafletMapHandle, pin: MapPin | undefined) {
  const { leaflet, map, pinMarker } = refs;
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
      pinMarker.current = drawPin(L, m, { lat: pinLat, lng: pinLng, label: pinLabel }, (lat, lng) =>
        latest.current.pin?.onMove(lat, lng),
      );
      return;
    }
    const current = pinMarker.current.getLatLng();
    if (current.lat !== pinLat || current.lng !== pinLng) {
      pinMarker.current.setLatLng([pinLat, pinLng]);
      if (!m.getBounds().contains([pinLat, pinLng])) m.panTo([pinLat, pinLng]);
    }
  }, [pinLat, pinLng, pinLabel, state, leaflet, map, pinMarker, latest]);
}
