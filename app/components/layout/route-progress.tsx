import { useNavigation } from "react-router";
import { Spinner } from "../ui/spinner";

/** A bar and a spinner at the top of the screen while a route change is under way (docs/product.md). */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div data-testid="route-progress" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      <div className="h-1 overflow-hidden bg-brand-100">
        <div className="animate-route-progress h-full w-2/5 bg-brand-500" />
      </div>
      <div className="absolute top-3 right-3 rounded-full bg-white/90 p-1.5 shadow">
        <Spinner className="size-5" label="ページを読み込み中" />
      </div>
    </div>
  );
}
