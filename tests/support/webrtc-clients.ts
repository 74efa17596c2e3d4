import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from "werift";

/**
 * Scripted WebRTC clients on werift for tests and the bench (no browser): a publisher that sends
 * RTP packets at a given rate (the SFU forwards without decoding, so the payload is filler of the
 * size a 640×480 VP8 stream's packets have) and viewers that count what arrives.
 */
const CODECS = {
  audio: [new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48000, channels: 2 })],
  video: [
    new RTCRtpCodecParameters({
      mimeType: "video/VP8",
      clockRate: 90000,
      rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }],
    }),
  ],
};

async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== "complete")
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 3000);
      pc.iceGatheringStateChange.subscribe((s) => {
        if (s === "complete") {
          clearTimeout(t);
          resolve();
        }
      });
    });
  return pc.localDescription!.sdp;
}

const clientPeer = () =>
  new RTCPeerConnection({ codecs: CODECS, iceAdditionalHostAddresses: ["127.0.0.1"], iceUseIpv6: false });

export interface ScriptedPublisher {
  offer(): Promise<string>;
  answer(sdp: string): Promise<void>;
  connected(): Promise<void>;
  /** Sends `packetsPerSecond` video packets of `bytes` each until stopped. */
  start(packetsPerSecond: number, bytes?: number): void;
  /** Keyframe requests (PLI) received from the SFU. */
  keyframeRequests(): number;
  sent(): number;
  close(): Promise<void>;
}

export function scriptedPublisher(): ScriptedPublisher {
  const pc = clientPeer();
  const track = new MediaStreamTrack({ kind: "video" });
  const transceiver = pc.addTransceiver(track, { direction: "sendonly" });
  let plis = 0;
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  transceiver.sender.onRtcp.subscribe((rtcp) => {
    if (rtcp.type === 206) plis++;
  });
  return {
    async offer() {
      await pc.setLocalDescription(await pc.createOffer());
      return gathered(pc);
    },
    async answer(sdp) {
      await pc.setRemoteDescription({ type: "answer", sdp });
    },
    connected: () => waitConnected(pc),
    start(packetsPerSecond, bytes = 1100) {
      let seq = 1;
      let ts = 1000;
      const payload = Buffer.alloc(bytes, 0x5a);
      const perTick = Math.max(1, Math.round(packetsPerSecond / 50));
      timer = setInterval(() => {
        for (let i = 0; i < perTick; i++) {
          const header = new RtpHeader({
            payloadType: 96,
            sequenceNumber: seq++ & 0xffff,
            timestamp: ts,
            marker: i === perTick - 1,
          });
          track.writeRtp(new RtpPacket(header, payload));
          sent++;
        }
        ts = (ts + 1800) >>> 0;
      }, 20);
    },
    keyframeRequests: () => plis,
    sent: () => sent,
    async close() {
      clearInterval(timer);
      await pc.close();
    },
  };
}

export interface ScriptedViewer {
  offer(): Promise<string>;
  answer(sdp: string): Promise<void>;
  connected(): Promise<void>;
  received(): number;
  close(): Promise<void>;
}

export function scriptedViewer(): ScriptedViewer {
  const pc = clientPeer();
  pc.addTransceiver("video", { direction: "recvonly" });
  pc.addTransceiver("audio", { direction: "recvonly" });
  let received = 0;
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe(() => {
      received++;
    });
  });
  return {
    async offer() {
      await pc.setLocalDescription(await pc.createOffer());
      return gathered(pc);
    },
    async answer(sdp) {
      await pc.setRemoteDescription({ type: "answer", sdp });
    },
    connected: () => waitConnected(pc),
    received: () => received,
    async close() {
      await pc.close();
    },
  };
}

function waitConnected(pc: RTCPeerConnection): Promise<void> {
  if (pc.connectionState === "connected") return Promise.resolve();
  return new Promise((resolve, reject) => {
    // ICE and the DTLS handshake run in JavaScript (werift): on a 2-core machine busy with the
    // browser suite beside a niced Vitest lane, one has taken more than 15 s. The wait ends on
    // "connected"; the case's own timeout bounds the whole.
    const t = setTimeout(() => reject(new Error(`not connected: ${pc.connectionState}`)), 45_000);
    pc.connectionStateChange.subscribe((s) => {
      if (s === "connected") {
        clearTimeout(t);
        resolve();
      }
    });
  });
}
