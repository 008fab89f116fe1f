import {
  BookOpen,
  Bot,
  Brain,
  Briefcase,
  Calculator,
  ChefHat,
  Code,
  Dumbbell,
  Globe,
  GraduationCap,
  Heart,
  Languages,
  Lightbulb,
  Microscope,
  Music,
  Palette,
  PenLine,
  Rocket,
  Scale,
  Smile,
  Sparkles,
  Stethoscope,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons a persona may show, by lucide name. A fixed set keeps the page one small chunk (the
 * full icon set is hundreds of kilobytes); an unknown name shows the robot.
 */
export const PERSONA_ICONS: Record<string, LucideIcon> = {
  sparkles: Sparkles,
  bot: Bot,
  code: Code,
  'pen-line': PenLine,
  microscope: Microscope,
  languages: Languages,
  briefcase: Briefcase,
  brain: Brain,
  'book-open': BookOpen,
  'graduation-cap': GraduationCap,
  lightbulb: Lightbulb,
  palette: Palette,
  music: Music,
  'chef-hat': ChefHat,
  dumbbell: Dumbbell,
  heart: Heart,
  stethoscope: Stethoscope,
  scale: Scale,
  calculator: Calculator,
  globe: Globe,
  rocket: Rocket,
  smile: Smile,
};

/** The persona's icon on a disc of its colour. */
export function PersonaIcon({
  icon,
  color,
  size = 44,
}: {
  icon: string;
  color: string;
  size?: number;
}) {
  const Icon = PERSONA_ICONS[icon] ?? Bot;
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-xl text-white"
      style={{ backgroundColor: color, width: size, height: size }}
    >
      <Icon size={Math.round(size / 2)} />
    </span>
  );
}
