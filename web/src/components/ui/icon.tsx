import {
  Award,
  Brain,
  Cloud,
  Code,
  Gauge,
  Globe,
  Handshake,
  Headphones,
  Heart,
  Layers,
  Lightbulb,
  RefreshCw,
  Rocket,
  Search,
  Server,
  Shield,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { IconKey } from "#content/types.ts";

/** Content names icons by key; this is the one place a key becomes a drawing. */
const icons: Record<IconKey, LucideIcon> = {
  award: Award,
  brain: Brain,
  cloud: Cloud,
  code: Code,
  gauge: Gauge,
  globe: Globe,
  handshake: Handshake,
  headphones: Headphones,
  heart: Heart,
  layers: Layers,
  lightbulb: Lightbulb,
  "refresh-cw": RefreshCw,
  rocket: Rocket,
  search: Search,
  server: Server,
  shield: Shield,
  users: Users,
};

export function Icon({ name, className }: { name: IconKey; className?: string }) {
  const Drawing = icons[name];
  return <Drawing aria-hidden="true" className={className} />;
}
