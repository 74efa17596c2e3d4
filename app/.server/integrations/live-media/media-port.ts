/**
 * The media transport of lives (ADR 0031), behind one port: `embedded` (an SFU on werift in a child
 * process of this server; the browser talks WebRTC to us) or `livekit` (a LiveKit deployment; the
 * browser talks to it with a token we mint). Routes and services see only this interface.
 */

/** What the browser needs to get the media going, by mode. */
export type MediaAccess =
  | { mode: "embedded"; session_id: string; sdp: string }
  | { mode: "livekit"; url: string; token: string; room: string };

export interface PublishRequest {
  liveId: string;
  broadcasterId: string;
  broadcasterName: string;
  /** The browser's offer (embedded mode). */
  sdp?: string;
}

export interface SubscribeRequest {
  liveId: string;
  viewerId: string;
  sdp?: string;
}

export interface MediaStats {
  lives: number;
  publishers: number;
  viewers: number;
}

export interface LiveMediaPort {
  readonly mode: "embedded" | "livekit";
  /** The broadcaster's media (a second publish of one live replaces the first: a reconnect). */
  publish(request: PublishRequest): Promise<MediaAccess>;
  /** A viewer's media (a second subscribe of one viewer replaces the first). */
  subscribe(request: SubscribeRequest): Promise<MediaAccess>;
  /** The viewer left: its media connection goes. */
  leave(liveId: string, viewerId: string): Promise<void>;
  /** The live ended: every media connection of it goes. */
  endLive(liveId: string): Promise<void>;
  stats(): Promise<MediaStats>;
  close(): Promise<void>;
}

/** A media request that cannot be served; `invalid` is the browser's fault (a bad offer). */
/**
 * `invalid`: the offer cannot be used; `replaced`: a newer offer of the same viewer or publisher
 * came while this one was answered; `closed`: the viewer left or the live ended meanwhile;
 * `unavailable`: the relay cannot take it now.
 */
export type MediaErrorCode = "invalid" | "replaced" | "closed" | "unavailable";

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

/** The SFU's settings (embedded mode), from the environment. */
export interface SfuOptions {
  /** STUN servers the SFU asks for its public address (TURN entries are for browsers only). */
  stunUrls: string[];
  /** UDP port range of the SFU's candidates, when a firewall needs one. */
  udpPorts?: [number, number];
  /** Extra host addresses offered as candidates (loopback, so a browser on this machine can connect). */
  hostAddresses: string[];
}
