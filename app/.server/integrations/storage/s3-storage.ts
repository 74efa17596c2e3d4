import { pipeline, Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type PutObjectCommandOutput,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  assertRangeWithin,
  assertValidKey,
  exactLength,
  type ObjectInfo,
  type ObjectStorage,
  sizeOf,
  UPLOADS_PREFIX,
} from "./object-storage";

export interface S3Config {
  /** Unset: AWS itself. Set (MinIO, R2, …): that origin, with path-style bucket addressing. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch objects directly (bucket website, CDN); unset: this server streams them. */
  publicUrl: string | undefined;
}

/** Objects in an S3-compatible bucket, one object per key. */
export function s3ObjectStorage(config: S3Config): ObjectStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default checksums send streamed bodies as aws-chunked with a trailing CRC, which
    // several S3-compatible servers refuse; checksums only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/+$/, "");
  const infoOf = (
    key: string,
    output: { ContentLength?: number; ContentType?: string; LastModified?: Date; ETag?: string },
    size = output.ContentLength ?? 0,
  ): ObjectInfo => ({
    key,
    size,
    contentType: output.ContentType ?? "application/octet-stream",
    lastModified: output.LastModified ?? new Date(0),
    etag: output.ETag ?? `"${size}"`,
  });

  const storage: ObjectStorage & { client: S3Client } = {
    kind: "s3",
    client,
    location: `s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        throw new Error(
          `cannot reach bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}: ${(error as Error).name}${status ? ` (HTTP ${status})` : ""} ${(error as Error).message}`.trim(),
        );
      }
    },

    async put(key, body, meta) {
      assertValidKey(key);
      const size = sizeOf(body, meta.size);
      // A stream is counted on its way out; a wrong length aborts the request, so the bucket
      // never gets a short or overlong object.
      const abort = new AbortController();
      let failure: Error | undefined;
      const checked =
        body instanceof Uint8Array
          ? body
          : pipeline(body, exactLength(size), (error) => {
              if (!error) return;
              failure = error;
              abort.abort(error);
            });
      let output: PutObjectCommandOutput;
      try {
        output = await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: checked,
            ContentLength: size,
            ContentType: meta.contentType,
            // Keys are not reused for other bytes (pictures have random names).
            CacheControl: "public, max-age=604800",
          }),
          { abortSignal: abort.signal },
        );
      } catch (error) {
        // S3 drops an incomplete upload; some compatible servers keep what arrived: remove it.
        if (failure) await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw failure ?? error;
      }
      return infoOf(
        key,
        { ContentType: meta.contentType, LastModified: new Date(), ETag: output.ETag },
        size,
      );
    },

    async get(key, options = {}) {
      assertValidKey(key);
      const asked = options.range;
      if (asked) assertRangeWithin(asked, Number.MAX_SAFE_INTEGER);
      let output: GetObjectCommandOutput;
      try {
        output = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: asked ? `bytes=${asked.start}-${asked.end}` : undefined,
          }),
        );
      } catch (error) {
        if (isNotFound(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          throw new RangeError(`range ${asked?.start}-${asked?.end} is outside ${key}`);
        throw error;
      }
      const body = output.Body instanceof Readable ? output.Body : Readable.from([]);
      const served = rangeOf(output.ContentRange);
      const total = served?.total ?? output.ContentLength ?? 0;
      // The bucket clamps a range that runs past the end; the port refuses it, as on disk (the
      // ranges it takes are already resolved against the size), without a HEAD first.
      if (asked && (served?.start !== asked.start || served.end !== asked.end)) {
        body.destroy();
        throw new RangeError(`range ${asked.start}-${asked.end} is outside 0-${total - 1}`);
      }
      return { ...infoOf(key, output, total), body, range: asked ?? { start: 0, end: total - 1 } };
    },

    async head(key) {
      assertValidKey(key);
      try {
        return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${UPLOADS_PREFIX}${key}`;
    },

    directUrl(key) {
      assertValidKey(key);
      return publicBase ? `${publicBase}/${key}` : null;
    },
  };
  return storage;
}

function rangeOf(
  contentRange: string | undefined,
): { start: number; end: number; total: number } | undefined {
  const match = contentRange?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : undefined;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
