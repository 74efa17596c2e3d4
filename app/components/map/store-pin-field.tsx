import { useMemo, useState } from "react";
import { parseDegree } from "~/domain/geo-units";
import { Field, INPUT_CLASS, inputStateClass } from "../form/field";
import type { FieldBinding } from "../form/use-schema-form";
import { LeafletMap, type MapPin } from "./leaflet-map";
import type { MapTiles } from "./map-texts";

const PIN_ZOOM = 16;

/**
 * The store's position (ADR 0028): a map with a pin to drag (or a click to place it) and the
 * 緯度/経度 inputs, which are the form's fields — what a keyboard or a browser without JavaScript
 * uses — kept in step with the pin both ways.
 */
export function StorePinField({
  lat,
  lng,
  labels,
  tiles,
  fallback,
}: {
  lat: FieldBinding;
  lng: FieldBinding;
  labels: { lat: string; lng: string };
  tiles: MapTiles;
  /** Where the map opens when the inputs hold no valid position (the area's centre). */
  fallback: { lat: number; lng: number };
}) {
  const [latText, setLatText] = useState(lat.defaultValue ?? "");
  const [lngText, setLngText] = useState(lng.defaultValue ?? "");
  const parsedLat = parseDegree(latText, -90, 90);
  const parsedLng = parseDegree(lngText, -180, 180);
  const [shown, setShown] = useState(() =>
    parsedLat !== undefined && parsedLng !== undefined ? { lat: parsedLat, lng: parsedLng } : fallback,
  );
  // The pin follows valid input; while a value is being typed it stays where it was.
  const pinAt =
    parsedLat !== undefined && parsedLng !== undefined ? { lat: parsedLat, lng: parsedLng } : shown;
  const [initial] = useState(() => ({ center: [pinAt.lat, pinAt.lng] as [number, number], zoom: PIN_ZOOM }));

  const pin = useMemo<MapPin>(
    () => ({
      lat: pinAt.lat,
      lng: pinAt.lng,
      label: "店舗の位置（ドラッグして移動）",
      onMove: (newLat, newLng) => {
        setLatText(newLat.toFixed(6));
        setLngText(newLng.toFixed(6));
        setShown({ lat: newLat, lng: newLng });
      },
    }),
    [pinAt.lat, pinAt.lng],
  );

  return (
    <div className="space-y-3" data-testid="store-pin">
      <LeafletMap
        tiles={tiles}
        label="店舗の位置を決める地図"
        view={initial}
        pin={pin}
        className="h-64 sm:h-80"
        testId="store-pin-map"
      />
      <div className="grid grid-cols-2 gap-3">
        <DegreeInput
          binding={lat}
          label={labels.lat}
          value={latText}
          onChange={setLatText}
          placeholder="35.6938"
        />
        <DegreeInput
          binding={lng}
          label={labels.lng}
          value={lngText}
          onChange={setLngText}
          placeholder="139.7034"
        />
      </div>
    </div>
  );
}

/** One of the two coordinate fields: the keyboard and no-JavaScript way to place the pin. */
function DegreeInput({
  binding,
  label,
  value,
  onChange,
  placeholder,
}: {
  binding: FieldBinding;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <Field {...binding} label={label} required={false}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder={placeholder}
          className={`${INPUT_CLASS} ${inputStateClass(binding.error)} tabular-nums`}
        />
      )}
    </Field>
  );
}
