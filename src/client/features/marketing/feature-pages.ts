/** The eight feature landing pages of spec 02 §2 (/features/<slug>); texts in pages.json. */
export const FEATURE_PAGES = [
  { slug: 'CreativeWriting', key: 'creativeWriting' },
  { slug: 'CodeGeneration', key: 'codeGeneration' },
  { slug: 'DataAnalysis', key: 'dataAnalysis' },
  { slug: 'Research', key: 'research' },
  { slug: 'WebDevelopment', key: 'webDevelopment' },
  { slug: 'AppConception', key: 'appConception' },
  { slug: 'TextCorrection', key: 'textCorrection' },
  { slug: 'IdeaDevelopment', key: 'ideaDevelopment' },
] as const;

export type FeatureKey = (typeof FEATURE_PAGES)[number]['key'];
