import { Link } from "wouter";
import { Logo } from "../../../components/ui/logo";
import { paths } from "../../../config/paths";

/** The product name and mark on top of every auth screen; leads back to the site root. */
export function BrandLink() {
  return (
    <Link href={paths.root} className="flex justify-center rounded-control text-xl">
      <Logo />
    </Link>
  );
}
