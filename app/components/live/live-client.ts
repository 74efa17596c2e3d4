/**
 * The browser side of a live's media (ADR 0031): embedded mode speaks WebRTC to our SFU with one
 * HTTP round trip (non-trickle: the offer carries its candidates), LiveKit mode joins a LiveKit
 * room with the token we mint — `livekit-client` is loaded only then, and only on live pages.
 */

export interface IceServerConfig {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export type MediaMode = "embedded" | "livekit";

type MediaAnswer =
  | { mode: "embedded"; session_id: string; sdp: string }
  | { mode: "livekit"; url: string; token: string; room: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
    /** The request field the message belongs next to (`pay_with_coins`: the coins ran out). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A JSON call to our API; an error answer becomes an ApiError with its Japanese message. */
export async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    ...init,
  });
  const json = (await response.json().catch(() => null)) as
    | (T & { error?: { message?: string; reason?: string; field?: string } })
    | null;
  if (!response.ok)
    throw new ApiError(
      response.status,
      json?.error?.message ?? "通信に失敗しました",
      json?.error?.reason,
      json?.error?.field,
    );
  return json as T;
}

async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return;
  await new Promise<void>((resolve) => {
    const done = () => {
      if (pc.iceGatheringState === "complete") {
        pc.removeEventListener("icegatheringstatechange", done);
        resolve();
      }
    };
    pc.addEventListener("icegatheringstatechange", done);
    // A STUN server that does not answer must not hold the start: go with what was gathered.
    setTimeout(resolve, 2500);
  });
}

export interface MediaConnection {
  /** The viewer's incoming stream (null for a publisher). */
  stream: MediaStream | null;
  /** Called when the connection is lost for good (the caller reconnects). */
  onLost(callback: () => void): void;
  close(): void;
}

/** Sends the camera and microphone to the live (the broadcaster). */
export async function publish(
  liveId: string,
  mode: MediaMode,
  iceServers: IceServerConfig[],
  local: MediaStream,
): Promise<MediaConnection> {
  if (mode === "livekit") {
    const access = await api<MediaAnswer>("POST", `/api/lives/${liveId}/media`, { role: "publish" });
    if (access.mode !== "livekit") throw new Error("unexpected media mode");
    const { Room, RoomEvent } = await import("livekit-client");
    const room = new Room({ adaptiveStream: false, dynacast: true });
    await room.connect(access.url, access.token);
    for (const track of local.getTracks()) await room.localParticipant.publishTrack(track);
    return livekitConnection(room, RoomEvent, null);
  }
  const pc = new RTCPeerConnection({ iceServers });
  for (const track of local.getTracks())
    pc.addTransceiver(track, { direction: "sendonly", streams: [local] });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const answer = await api<MediaAnswer>("POST", `/api/lives/${liveId}/media`, {
    role: "publish",
    sdp: pc.localDescription?.sdp,
  });
  if (answer.mode !== "embedded") throw new Error("unexpected media mode");
  await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
  return peerConnection(pc, null);
}

/** Receives the live (an admitted viewer). */
export async function subscribe(
  liveId: string,
  viewerId: string,
  mode: MediaMode,
  iceServers: IceServerConfig[],
): Promise<MediaConnection> {
  if (mode === "livekit") {
    const access = await api<MediaAnswer>("POST", `/api/lives/${liveId}/media`, {
      role: "subscribe",
      viewer_id: viewerId,
    });
    if (access.mode !== "livekit") throw new Error("unexpected media mode");
    const { Room, RoomEvent } = await import("livekit-client");
    const room = new Room({ adaptiveStream: true, dynacast: true });
    const stream = new MediaStream();
    room.on(RoomEvent.TrackSubscribed, (track) => {
      if (track.mediaStreamTrack) stream.addTrack(track.mediaStreamTrack);
    });
    await room.connect(access.url, access.token);
    return livekitConnection(room, RoomEvent, stream);
  }
  const pc = new RTCPeerConnection({ iceServers });
  const stream = new MediaStream();
  pc.addTransceiver("video", { direction: "recvonly" });
  pc.addTransceiver("audio", { direction: "recvonly" });
  pc.addEventListener("track", (event) => stream.addTrack(event.track));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const answer = await api<MediaAnswer>("POST", `/api/lives/${liveId}/media`, {
    role: "subscribe",
    viewer_id: viewerId,
    sdp: pc.localDescription?.sdp,
  });
  if (answer.mode !== "embedded") throw new Error("unexpected media mode");
  await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
  return peerConnection(pc, stream);
}

function peerConnection(pc: RTCPeerConnection, stream: MediaStream | null): MediaConnection {
  const lost: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  pc.addEventListener("connectionstatechange", () => {
    clearTimeout(timer);
    if (pc.connectionState === "failed") for (const callback of lost) callback();
    // "disconnected" may heal by itself; give it a few seconds.
    if (pc.connectionState === "disconnected")
      timer = setTimeout(() => {
        if (pc.connectionState !== "connected") for (const callback of lost) callback();
      }, 5000);
  });
  return {
    stream,
    onLost: (callback) => lost.push(callback),
    close: () => {
      clearTimeout(timer);
      pc.close();
    },
  };
}

function livekitConnection(
  room: import("livekit-client").Room,
  events: typeof import("livekit-client").RoomEvent,
  stream: MediaStream | null,
): MediaConnection {
  const lost: (() => void)[] = [];
  room.on(events.Disconnected, () => {
    for (const callback of lost) callback();
  });
  return {
    stream,
    onLost: (callback) => lost.push(callback),
    close: () => {
      lost.length = 0;
      void room.disconnect();
    },
  };
}
