import {
  BookOpenText,
  ChartColumn,
  Code2,
  Globe,
  Lightbulb,
  PenLine,
  Search,
  Smartphone,
  type LucideIcon,
} from 'lucide-react';
import type { FeatureKey } from '#client/features/marketing/feature-pages.ts';

export const FEATURE_ICONS: Record<FeatureKey, LucideIcon> = {
  creativeWriting: PenLine,
  codeGeneration: Code2,
  dataAnalysis: ChartColumn,
  research: Search,
  webDevelopment: Globe,
  appConception: Smartphone,
  textCorrection: BookOpenText,
  ideaDevelopment: Lightbulb,
};
