import type { PublicLiver } from "~/.server/services/shared/liver-query";
import { FollowButton } from "../directory/follow-button";
import type { ImagePriority } from "../directory/image-priority";
import { StoreCard } from "./store-card";

/** A public store's card with its follow button (search results, the follow list). */
export function FollowableStoreCard({
  store,
  favoriteId,
  imagePriority,
  distance,
}: {
  store: PublicLiver & { area_label?: string };
  favoriteId?: string | null;
  imagePriority?: ImagePriority;
  /** How far the store is (on /gps). */
  distance?: string;
}) {
  return (
    <StoreCard
      store={{ ...store, image_url: store.image_urls[0] ?? null }}
      imagePriority={imagePriority}
      distance={distance}
      footer={
        <FollowButton
          kind="liver"
          targetId={store.uid}
          targetName={store.store_name}
          favoriteId={favoriteId === undefined ? store.favorite_id : favoriteId}
          followerNumber={store.follower_number}
        />
      }
    />
  );
}
