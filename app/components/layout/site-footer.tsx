import { Link } from "react-router";
import { SITE_NAME } from "~/site";
import { INFORMATION_LINKS, LEGAL_LINKS } from "./nav-links";

export function SiteFooter() {
  return (
    <footer className="mt-12 bg-night-950 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <Link to="/" className="font-black text-white text-xl tracking-wider">
          {SITE_NAME}
        </Link>
        <nav
          aria-label="サイト情報"
          className="mt-6 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 wide:grid-cols-4"
        >
          {[...INFORMATION_LINKS, ...LEGAL_LINKS].map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          ))}
        </nav>
        <p className="mt-8 text-slate-400 text-xs leading-relaxed">
          18歳未満の方のご利用はできません。飲酒は20歳になってから。掲載情報は各店舗の責任において提供されています。
        </p>
        <p className="mt-4 text-slate-400 text-xs">© {SITE_NAME}</p>
      </div>
    </footer>
  );
}
