/**
 * The widget's labels in the six app languages. They live in the script itself: it runs on the
 * brand's website, far from the app's locale files, and must stay one small request.
 */
export const WIDGET_LANGUAGES = ['de', 'en', 'zh', 'mk', 'sq', 'ko'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

const de = {
  open: 'Chat öffnen',
  close: 'Chat schließen',
  messages: 'Nachrichten',
  empty: 'Schreiben Sie uns – wir antworten hier.',
  input: 'Ihre Nachricht',
  send: 'Senden',
  sending: 'Wird gesendet …',
  you: 'Sie',
  sendFailed: 'Nicht gesendet. Bitte erneut versuchen.',
  retry: 'Erneut senden',
  reconnecting: 'Verbindung unterbrochen – neuer Versuch …',
  unavailable: 'Der Chat ist gerade nicht verfügbar.',
  badVisitor: 'Dieser Chat ist nicht richtig eingerichtet (Besucherkennung ungültig).',
  tooMany: 'Zu viele Nachrichten. Bitte warten Sie einen Moment.',
};
export type WidgetStrings = typeof de;

export const WIDGET_STRINGS: Record<WidgetLanguage, WidgetStrings> = {
  de,
  en: {
    open: 'Open chat',
    close: 'Close chat',
    messages: 'Messages',
    empty: 'Write to us — we reply right here.',
    input: 'Your message',
    send: 'Send',
    sending: 'Sending…',
    you: 'You',
    sendFailed: 'Not sent. Please try again.',
    retry: 'Send again',
    reconnecting: 'Connection lost — reconnecting…',
    unavailable: 'The chat is not available right now.',
    badVisitor: 'This chat is not set up correctly (invalid visitor identity).',
    tooMany: 'Too many messages. Please wait a moment.',
  },
  zh: {
    open: '打开聊天',
    close: '关闭聊天',
    messages: '消息',
    empty: '给我们留言，我们会在这里回复。',
    input: '您的消息',
    send: '发送',
    sending: '正在发送…',
    you: '您',
    sendFailed: '发送失败，请重试。',
    retry: '重新发送',
    reconnecting: '连接已断开，正在重新连接…',
    unavailable: '聊天暂时不可用。',
    badVisitor: '此聊天设置有误（访客身份无效）。',
    tooMany: '消息过多，请稍候。',
  },
  mk: {
    open: 'Отвори разговор',
    close: 'Затвори разговор',
    messages: 'Пораки',
    empty: 'Пишете ни – ќе ви одговориме тука.',
    input: 'Вашата порака',
    send: 'Испрати',
    sending: 'Се испраќа…',
    you: 'Вие',
    sendFailed: 'Не е испратено. Обидете се повторно.',
    retry: 'Испрати повторно',
    reconnecting: 'Врската е прекината – повторно поврзување…',
    unavailable: 'Разговорот моментално не е достапен.',
    badVisitor: 'Овој разговор не е правилно поставен (неважечки идентитет на посетителот).',
    tooMany: 'Премногу пораки. Почекајте малку.',
  },
  sq: {
    open: 'Hap bisedën',
    close: 'Mbyll bisedën',
    messages: 'Mesazhet',
    empty: 'Na shkruani – do t’ju përgjigjemi këtu.',
    input: 'Mesazhi juaj',
    send: 'Dërgo',
    sending: 'Po dërgohet…',
    you: 'Ju',
    sendFailed: 'Nuk u dërgua. Ju lutemi provoni përsëri.',
    retry: 'Dërgo përsëri',
    reconnecting: 'Lidhja u ndërpre – po rilidhet…',
    unavailable: 'Biseda nuk është e disponueshme tani.',
    badVisitor: 'Kjo bisedë nuk është konfiguruar saktë (identitet i pavlefshëm i vizitorit).',
    tooMany: 'Shumë mesazhe. Ju lutemi prisni pak.',
  },
  ko: {
    open: '채팅 열기',
    close: '채팅 닫기',
    messages: '메시지',
    empty: '메시지를 남겨 주세요. 여기에서 답변해 드립니다.',
    input: '메시지 입력',
    send: '보내기',
    sending: '보내는 중…',
    you: '나',
    sendFailed: '보내지 못했습니다. 다시 시도해 주세요.',
    retry: '다시 보내기',
    reconnecting: '연결이 끊겼습니다. 다시 연결하는 중…',
    unavailable: '지금은 채팅을 사용할 수 없습니다.',
    badVisitor: '이 채팅이 올바르게 설정되지 않았습니다(방문자 ID가 잘못됨).',
    tooMany: '메시지가 너무 많습니다. 잠시 기다려 주세요.',
  },
};

/** The first of the browser's languages that the widget speaks, by primary subtag; else German. */
export function pickLanguage(languages: readonly string[]): WidgetLanguage {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const found = WIDGET_LANGUAGES.find((language) => language === primary);
    if (found) return found;
  }
  return 'de';
}

/** What a failed request tells the visitor, by the HTTP status (0: no answer at all). */
export function errorFor(status: number): keyof WidgetStrings {
  if (status === 401) return 'badVisitor';
  if (status === 404) return 'unavailable';
  if (status === 429) return 'tooMany';
  return 'sendFailed';
}
