import type { Language, ResponseLength } from '#shared/settings/settings-schemas.ts';

/**
 * Instructions appended to the persona prompt, written in the user's language so the whole
 * system prompt speaks one language (issue #3: persona prompt + response length + reply language).
 */
export const RESPONSE_LENGTH_INSTRUCTIONS: Record<Language, Record<ResponseLength, string>> = {
  de: {
    concise: 'Antworte knapp: wenige Sätze, nur das Wesentliche.',
    balanced: 'Antworte ausgewogen: so ausführlich wie nötig und so kurz wie möglich.',
    detailed: 'Antworte ausführlich: erkläre gründlich und nutze Beispiele, wo sie helfen.',
  },
  en: {
    concise: 'Keep your answers concise: a few sentences with only the essentials.',
    balanced: 'Give balanced answers: as detailed as needed and as short as possible.',
    detailed: 'Give detailed answers: explain thoroughly and use examples where they help.',
  },
  zh: {
    concise: '回答要简洁：用几句话讲清要点。',
    balanced: '回答要适度：必要时详细，尽量简短。',
    detailed: '回答要详细：充分解释，并在有帮助时举例说明。',
  },
  mk: {
    concise: 'Одговарај кратко: неколку реченици, само суштината.',
    balanced: 'Одговарај избалансирано: онолку детално колку што е потребно и што пократко.',
    detailed: 'Одговарај детално: објаснувај темелно и користи примери каде што помагаат.',
  },
  sq: {
    concise: 'Përgjigju shkurt: pak fjali, vetëm thelbi.',
    balanced: 'Përgjigju në mënyrë të ekuilibruar: aq hollësisht sa duhet dhe sa më shkurt.',
    detailed: 'Përgjigju hollësisht: shpjego në thellësi dhe përdor shembuj kur ndihmojnë.',
  },
  ko: {
    concise: '간결하게 답하세요: 핵심만 몇 문장으로.',
    balanced: '균형 있게 답하세요: 필요한 만큼 자세히, 가능한 한 짧게.',
    detailed: '자세히 답하세요: 충분히 설명하고 도움이 되면 예시를 드세요.',
  },
};

export const REPLY_LANGUAGE_INSTRUCTIONS: Record<Language, string> = {
  de: 'Antworte auf Deutsch, außer der Nutzer bittet ausdrücklich um eine andere Sprache.',
  en: 'Reply in English unless the user explicitly asks for another language.',
  zh: '请用中文回答，除非用户明确要求使用其他语言。',
  mk: 'Одговарај на македонски јазик, освен ако корисникот изрично не побара друг јазик.',
  sq: 'Përgjigju në shqip, përveç nëse përdoruesi kërkon shprehimisht një gjuhë tjetër.',
  ko: '사용자가 다른 언어를 명시적으로 요청하지 않는 한 한국어로 답하세요.',
};

/** System prompt of the title call (a new conversation's title, after its first reply). */
export const TITLE_INSTRUCTIONS: Record<Language, string> = {
  de: 'Formuliere einen kurzen Titel (höchstens sechs Wörter) auf Deutsch für das folgende Gespräch. Antworte nur mit dem Titel, ohne Anführungszeichen.',
  en: 'Write a short title (at most six words) in English for the following conversation. Reply with the title only, without quotes.',
  zh: '请为以下对话用中文拟一个简短的标题（不超过十五个字）。只回复标题，不要加引号。',
  mk: 'Напиши краток наслов (најмногу шест зборови) на македонски за следниот разговор. Одговори само со насловот, без наводници.',
  sq: 'Shkruaj një titull të shkurtër (jo më shumë se gjashtë fjalë) në shqip për bisedën e mëposhtme. Përgjigju vetëm me titullin, pa thonjëza.',
  ko: '다음 대화에 어울리는 짧은 제목(최대 여섯 단어)을 한국어로 작성하세요. 따옴표 없이 제목만 답하세요.',
};

/** A note in the context when an image reaches a model without vision. */
export const IMAGE_NOT_SEEN: Record<Language, string> = {
  de: 'Bild angehängt; dieses Modell kann keine Bilder sehen.',
  en: 'Image attached; this model cannot see images.',
  zh: '附有图片；此模型无法查看图片。',
  mk: 'Прикачена е слика; овој модел не може да гледа слики.',
  sq: 'Është bashkëngjitur një imazh; ky model nuk mund të shohë imazhe.',
  ko: '이미지가 첨부되었지만 이 모델은 이미지를 볼 수 없습니다.',
};
