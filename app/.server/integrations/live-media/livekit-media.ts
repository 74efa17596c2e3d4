import {
  AccessToken,
  RoomServiceClient,
  TrackSource,
  type WebhookEvent,
  WebhookReceiver,
} from "livekit-server-sdk";
import { type LiveMediaPort, MediaError } from "./media-port";

export interface LivekitConfig {
  /** The LiveKit server's URL as browsers reach it (`wss://…`); its HTTP API is at the same host. */
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The LiveKit room of a live. */
export const livekitRoom = (liveId: string) => `live-${liveId}`;
/** Identities: the broadcaster publishes, viewers only subscribe. */
export const broadcasterIdentity = (broadcasterId: string) => `broadcaster:${broadcasterId}`;
export const viewerIdentity = (viewerId: string) => `viewer:${viewerId}`;

const BROADCASTER_TTL = "6h";
const VIEWER_TTL = "2h";

/**
 * LiveKit mode (ADR 0031): LiveKit relays the media; we create the room (with room admin rights,
 * over its Twirp HTTP API) and mint each browser a token with exactly its rights — the broadcaster
 * may publish camera and microphone in the live's room, a viewer may only subscribe there. Nobody
 * may publish data (comments go through our API, where they are filtered and moderated).
 * `maxParticipants` of the room backs our own viewer cap (the broadcaster is one more).
 */
export function createLivekitMedia(
  config: LivekitConfig,
  options: { maxViewers: () => Promise<number> | number; log?: (line: string) => void },
): LiveMediaPort & { receiveWebhook(body: string, authorization: string | null): Promise<WebhookEvent> } {
  const httpUrl = config.url.replace(/^ws(s?):\/\//, "http$1://");
  const rooms = new RoomServiceClient(httpUrl, config.apiKey, config.apiSecret);
  const receiver = new WebhookReceiver(config.apiKey, config.apiSecret);
  const log = options.log ?? ((line: string) => console.log(line));

  const token = async (
    identity: string,
    name: string,
    room: string,
    canPublish: boolean,
    ttl: string,
  ): Promise<string> => {
    const at = new AccessToken(config.apiKey, config.apiSecret, { identity, name, ttl });
    at.addGrant({
      roomJoin: true,
      room,
      canPublish,
      canSubscribe: true,
      canPublishData: false,
      // Camera and microphone only (no screen share of a staff member's desktop by mistake).
      ...(canPublish ? { canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE] } : {}),
    });
    return at.toJwt();
  };

  return {
    mode: "livekit",
    async publish({ liveId, broadcasterId, broadcasterName }) {
      const room = livekitRoom(liveId);
      try {
        await rooms.createRoom({
          name: room,
          emptyTimeout: 300,
          maxParticipants: (await options.maxViewers()) + 1,
        });
      } catch (error) {
        throw new MediaError("unavailable", `LiveKit refused the room: ${(error as Error).message}`);
      }
      return {
        mode: "livekit",
        url: config.url,
        room,
        token: await token(broadcasterIdentity(broadcasterId), broadcasterName, room, true, BROADCASTER_TTL),
      };
    },
    async subscribe({ liveId, viewerId }) {
      const room = livekitRoom(liveId);
      return {
        mode: "livekit",
        url: config.url,
        room,
        token: await token(viewerIdentity(viewerId), "viewer", room, false, VIEWER_TTL),
      };
    },
    async leave() {
      // The viewer's browser leaves the room itself; its token ends with its 2 hours.
    },
    async endLive(liveId) {
      try {
        await rooms.deleteRoom(livekitRoom(liveId));
      } catch (error) {
        // Already gone (emptied and timed out): nothing to end.
        log(`[live] LiveKit deleteRoom ${livekitRoom(liveId)}: ${(error as Error).message}`);
      }
    },
    async stats() {
      return { lives: 0, publishers: 0, viewers: 0 };
    },
    async close() {},
    /**
     * A webhook as LiveKit posts it: `Authorization` carries a JWT (HS256 with our API secret,
     * issuer our API key, 5 minutes) whose `sha256` claim is the base64 SHA-256 of the raw body.
     * Throws when the signature, issuer, expiry or digest does not hold.
     */
    async receiveWebhook(body, authorization) {
      const jwt = (authorization ?? "").replace(/^Bearer\s+/i, "").trim();
      if (!jwt) throw new Error("no Authorization header");
      return receiver.receive(body, jwt);
    },
  };
}
