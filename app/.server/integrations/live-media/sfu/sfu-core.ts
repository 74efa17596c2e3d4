import { randomUUID } from "node:crypto";
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from "werift";
import type { MediaStats, SfuOptions } from "../media-port";

/**
 * The selective forwarding unit of embedded mode (ADR 0031), on werift 0.24.4 (pure TypeScript
 * WebRTC; 0.25 needs Node 22). One publisher per live sends VP8 + Opus; every packet is copied to
 * each viewer's own outgoing tracks (werift rewrites SSRC, payload type and sequence numbers per
 * viewer). Nothing is decoded. Runs inside the SFU child process (sfu-child.ts), so the packet
 * work never blocks the HTTP server's event loop.
 *
 * - Viewers can connect before the publisher (a live whose camera is still coming) and stay
 *   connected when the publisher reconnects: their tracks are fed by whichever publisher the live
 *   has, with the sequence and timestamp jump of the new source smoothed over.
 * - Keyframes: a viewer's decoder needs one to start, so the SFU asks the publisher for one (PLI)
 *   when a viewer connects (three times over a second), and every 5 s as a safety net.
 * - A session replaced by a newer offer of the same viewer or publisher while its own offer is
 *   still being answered is answered at once with `SfuReplacedError`, one closed under it (the
 *   viewer left, the live ended) with `SfuClosedError`: the newest offer wins and no request waits
 *   on a connection that is gone.
 */
const CODECS = {
  audio: [new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48000, channels: 2 })],
  video: [
    new RTCRtpCodecParameters({
      mimeType: "video/VP8",
      clockRate: 90000,
      rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }, { type: "goog-remb" }],
    }),
  ],
};

const GATHER_TIMEOUT_MS = 3_000;
const SAFETY_PLI_MS = 5_000;

type Kind = "audio" | "video";

interface ViewerSession {
  sessionId: string;
  pc: RTCPeerConnection;
  tracks: Record<Kind, MediaStreamTrack>;
  /** The SSRC of the publisher track last written to this viewer, per kind. */
  source: Partial<Record<Kind, number>>;
  /** Aborted, with the reason, when the session is replaced or closed. */
  replaced: AbortController;
}

interface PublisherSession {
  sessionId: string;
  pc: RTCPeerConnection;
  /** Asks the publisher for a keyframe. */
  requestKeyframe: () => void;
  timer: NodeJS.Timeout;
  /** Aborted when the session is replaced or closed. */
  replaced: AbortController;
}

interface LiveMedia {
  publisher: PublisherSession | null;
  viewers: Map<string, ViewerSession>;
}

export class Sfu {
  private readonly lives = new Map<string, LiveMedia>();
  packetsIn = 0;
  packetsOut = 0;

  constructor(private readonly options: SfuOptions) {}

  private live(liveId: string): LiveMedia {
    let live = this.lives.get(liveId);
    if (!live) {
      live = { publisher: null, viewers: new Map() };
      this.lives.set(liveId, live);
    }
    return live;
  }

  private peer(): RTCPeerConnection {
    return new RTCPeerConnection({
      codecs: CODECS,
      iceServers: this.options.stunUrls.map((urls) => ({ urls })),
      iceAdditionalHostAddresses: this.options.hostAddresses,
      ...(this.options.udpPorts ? { icePortRange: this.options.udpPorts } : {}),
    });
  }

  /** The broadcaster's offer → our answer; a publisher already there is replaced (a reconnect). */
  async publish(liveId: string, offer: string): Promise<{ sessionId: string; sdp: string }> {
    const live = this.live(liveId);
    this.closePublisher(live, "replaced");
    const pc = this.peer();
    const sessionId = randomUUID();
    // The offer's m-lines make the receiving transceivers (one left unused would fail the connection).
    let videoSsrc: number | undefined;
    const requestKeyframe = () => {
      const video = pc.getTransceivers().find((t) => t.kind === "video");
      if (video && videoSsrc !== undefined) void video.receiver.sendRtcpPLI(videoSsrc).catch(() => {});
    };
    const timer = setInterval(requestKeyframe, SAFETY_PLI_MS);
    timer.unref();
    const session: PublisherSession = {
      sessionId,
      pc,
      requestKeyframe,
      timer,
      replaced: new AbortController(),
    };
    live.publisher = session;
    pc.onTrack.subscribe((track) => {
      const kind = track.kind as Kind;
      track.onReceiveRtp.subscribe((rtp) => {
        if (live.publisher !== session) return;
        if (kind === "video" && videoSsrc === undefined) {
          videoSsrc = rtp.header.ssrc;
          requestKeyframe();
        }
        this.forward(live, kind, rtp);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      if ((state === "failed" || state === "closed") && live.publisher === session)
        this.closePublisher(live, "closed");
    });
    return { sessionId, sdp: await this.answer(pc, offer, session.replaced.signal) };
  }

  /** A viewer's offer → our answer; the viewer's earlier session is replaced. */
  async subscribe(
    liveId: string,
    viewerId: string,
    offer: string,
  ): Promise<{ sessionId: string; sdp: string }> {
    const live = this.live(liveId);
    this.closeViewer(live, viewerId, "replaced");
    const pc = this.peer();
    const tracks = {
      video: new MediaStreamTrack({ kind: "video" }),
      audio: new MediaStreamTrack({ kind: "audio" }),
    };
    // Only the kinds the viewer asks for (a transceiver left unmatched would fail the connection).
    for (const kind of new Set(offer.match(/^m=(audio|video)/gm)?.map((m) => m.slice(2)) ?? []))
      pc.addTransceiver(tracks[kind as Kind], { direction: "sendonly" });
    const session: ViewerSession = {
      sessionId: randomUUID(),
      pc,
      tracks,
      source: {},
      replaced: new AbortController(),
    };
    live.viewers.set(viewerId, session);
    pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") {
        // A decoder starts at a keyframe: ask now, and again in case the first was lost.
        for (const delay of [0, 300, 1000])
          setTimeout(() => live.publisher?.requestKeyframe(), delay).unref();
      }
      if ((state === "failed" || state === "closed") && live.viewers.get(viewerId) === session)
        this.closeViewer(live, viewerId, "closed");
    });
    return { sessionId: session.sessionId, sdp: await this.answer(pc, offer, session.replaced.signal) };
  }

  leave(liveId: string, viewerId: string): void {
    const live = this.lives.get(liveId);
    if (live) this.closeViewer(live, viewerId, "closed");
  }

  endLive(liveId: string): void {
    const live = this.lives.get(liveId);
    if (!live) return;
    this.closePublisher(live, "closed");
    for (const viewerId of [...live.viewers.keys()]) this.closeViewer(live, viewerId, "closed");
    this.lives.delete(liveId);
  }

  stats(): MediaStats & { packetsIn: number; packetsOut: number } {
    let publishers = 0;
    let viewers = 0;
    for (const live of this.lives.values()) {
      if (live.publisher) publishers++;
      viewers += live.viewers.size;
    }
    return {
      lives: this.lives.size,
      publishers,
      viewers,
      packetsIn: this.packetsIn,
      packetsOut: this.packetsOut,
    };
  }

  async close(): Promise<void> {
    for (const liveId of [...this.lives.keys()]) this.endLive(liveId);
  }

  private forward(live: LiveMedia, kind: Kind, rtp: RtpPacket): void {
    this.packetsIn++;
    for (const viewer of live.viewers.values()) {
      const track = viewer.tracks[kind];
      const { ssrc, sequenceNumber, timestamp } = rtp.header;
      if (viewer.source[kind] !== undefined && viewer.source[kind] !== ssrc) {
        // A new publisher: continue the viewer's numbering one step after the last packet sent.
        track.onSourceChanged.execute({
          sequenceNumber: (sequenceNumber - 1) & 0xffff,
          timestamp: (timestamp - 1) >>> 0,
        });
      }
      viewer.source[kind] = ssrc;
      // Each viewer's sender rewrites the header in place: each gets its own copy.
      track.writeRtp(rtp.clone());
      this.packetsOut++;
    }
  }

  /** The answer to an offer, or the session's end as soon as it is replaced or closed. */
  private answer(pc: RTCPeerConnection, offer: string, replaced: AbortSignal): Promise<string> {
    const superseded = new Promise<never>((_, reject) => {
      const refuse = () =>
        reject(
          replaced.reason === "replaced"
            ? new SfuReplacedError("replaced by a newer connection")
            : new SfuClosedError("the session was closed (left, or the live ended)"),
        );
      if (replaced.aborted) refuse();
      else replaced.addEventListener("abort", refuse, { once: true });
    });
    return Promise.race([this.negotiate(pc, offer), superseded]);
  }

  /** Applies the offer and answers once ICE candidates are gathered (no trickle: one round trip). */
  private async negotiate(pc: RTCPeerConnection, offer: string): Promise<string> {
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
    } catch (error) {
      await pc.close().catch(() => {});
      throw new SfuOfferError((error as Error).message);
    }
    if (pc.iceGatheringState !== "complete") {
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, GATHER_TIMEOUT_MS);
        pc.iceGatheringStateChange.subscribe((state) => {
          if (state === "complete") {
            clearTimeout(timeout);
            resolve();
          }
        });
      });
    }
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error("no local description");
    return sdp;
  }

  private closePublisher(live: LiveMedia, why: SessionEnd): void {
    const publisher = live.publisher;
    if (!publisher) return;
    live.publisher = null;
    publisher.replaced.abort(why);
    clearInterval(publisher.timer);
    void publisher.pc.close().catch(() => {});
  }

  private closeViewer(live: LiveMedia, viewerId: string, why: SessionEnd): void {
    const viewer = live.viewers.get(viewerId);
    if (!viewer) return;
    live.viewers.delete(viewerId);
    viewer.replaced.abort(why);
    viewer.tracks.video.stop();
    viewer.tracks.audio.stop();
    void viewer.pc.close().catch(() => {});
  }
}

/** The browser's offer could not be applied (malformed, or no codec in common). */
export class SfuOfferError extends Error {}

/** Why a session ends: a newer offer of the same viewer or publisher, or it was closed. */
type SessionEnd = "replaced" | "closed";

/** A newer offer of the same viewer or publisher replaced the session before its answer was ready. */
export class SfuReplacedError extends Error {}

/** The session was closed (the viewer left, the live ended) before its answer was ready. */
export class SfuClosedError extends Error {}
