import type { Bbox } from "~/domain/geo-units";
import { Spinner } from "../ui/spinner";
import { MAP_TEXTS, type MapTiles } from "./map-texts";
import { useFitTo, useLeafletMap, useMapMarkers, useMapPin } from "./use-leaflet-map";

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
  const map = useLeafletMap({ tiles, label, view, circle, onViewChange, pin });
  useMapMarkers(map, markers);
  useFitTo(map, fitTo);
  useMapPin(map, pin);
  const { container, state } = map;

  return (
    <div
      className={`relative isolate overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200 ${className}`}
      data-testid={testId}
      data-map-state={state}
    >
      <div ref={container} className="absolute inset-0 z-0" />
      {state !== "ready" ? <MapCover failed={state === "failed"} /> : null}
    </div>
  );
}

/** Over the box until the map is ready: the loading state, or the failure (and the no-script note). */
function MapCover({ failed }: { failed: boolean }) {
  return (
    <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 bg-slate-100 text-slate-600 text-sm">
      {failed ? (
        <p role="alert">{MAP_TEXTS.failed}</p>
      ) : (
        <>
          <Spinner label={MAP_TEXTS.loading} />
          <span aria-hidden="true">{MAP_TEXTS.loading}</span>
        </>
      )}
      <noscript>
        <p className="px-4 text-center">{MAP_TEXTS.noScript}</p>
      </noscript>
    </div>
  );
}
