import type { MediaErrorCode } from "../media-port";

/** Messages between the server and the SFU process (and between a cluster worker and its primary). */
export type SfuRequest = { id: number } & (
  | { op: "publish"; liveId: string; sdp: string }
  | { op: "subscribe"; liveId: string; viewerId: string; sdp: string }
  | { op: "leave"; liveId: string; viewerId: string }
  | { op: "end"; liveId: string }
  | { op: "stats" }
);

export type SfuReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code: MediaErrorCode; message: string };

type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;
export type SfuCall = Distribute<SfuRequest>;
