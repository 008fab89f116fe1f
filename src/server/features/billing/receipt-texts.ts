import type { LanguageOption } from '#shared/settings/settings-options.ts';

/** The receipt's words in the six interface languages (issue 11 item 5, decision 110). */
export interface ReceiptTexts {
  title: string;
  number: string;
  date: string;
  seller: string;
  vatId: string;
  buyer: string;
  item: string;
  plan: string;
  period: string;
  month: string;
  year: string;
  months: (n: number) => string;
  method: string;
  methods: Record<'card' | 'sandbox' | 'crypto' | 'admin', string>;
  amount: string;
  vatIncluded: (rate: string, vat: string) => string;
  status: string;
  paid: string;
  refunded: (date: string) => string;
  testMode: string;
  sellerUnset: string;
}

export const RECEIPT_TEXTS: Record<LanguageOption, ReceiptTexts> = {
  de: {
    title: 'Quittung',
    number: 'Belegnummer',
    date: 'Datum',
    seller: 'Verkäufer',
    vatId: 'USt-IdNr.',
    buyer: 'Kunde',
    item: 'Leistung',
    plan: 'Abo',
    period: 'Laufzeit',
    month: 'monatlich',
    year: 'jährlich',
    months: (n) => `${n} Monate`,
    method: 'Zahlungsart',
    methods: {
      card: 'Karte',
      sandbox: 'Testmodus',
      crypto: 'Kryptowährung',
      admin: 'Administrator',
    },
    amount: 'Betrag',
    vatIncluded: (rate, vat) => `Im Betrag sind ${rate} % USt. enthalten: ${vat}`,
    status: 'Status',
    paid: 'Bezahlt',
    refunded: (date) => `Erstattet am ${date}`,
    testMode: 'TESTMODUS – keine echte Zahlung',
    sellerUnset: 'Anschrift des Verkäufers nicht eingerichtet',
  },
  en: {
    title: 'Receipt',
    number: 'Receipt number',
    date: 'Date',
    seller: 'Seller',
    vatId: 'VAT ID',
    buyer: 'Customer',
    item: 'Service',
    plan: 'Plan',
    period: 'Term',
    month: 'monthly',
    year: 'yearly',
    months: (n) => `${n} months`,
    method: 'Payment method',
    methods: {
      card: 'Card',
      sandbox: 'Test mode',
      crypto: 'Cryptocurrency',
      admin: 'Administrator',
    },
    amount: 'Amount',
    vatIncluded: (rate, vat) => `The amount includes ${rate}% VAT: ${vat}`,
    status: 'Status',
    paid: 'Paid',
    refunded: (date) => `Refunded on ${date}`,
    testMode: 'TEST MODE – no real payment',
    sellerUnset: 'Seller address not configured',
  },
  zh: {
    title: '收据',
    number: '收据编号',
    date: '日期',
    seller: '卖方',
    vatId: '增值税号',
    buyer: '客户',
    item: '服务',
    plan: '套餐',
    period: '期限',
    month: '按月',
    year: '按年',
    months: (n) => `${n} 个月`,
    method: '支付方式',
    methods: { card: '银行卡', sandbox: '测试模式', crypto: '加密货币', admin: '管理员' },
    amount: '金额',
    vatIncluded: (rate, vat) => `金额已含 ${rate}% 增值税：${vat}`,
    status: '状态',
    paid: '已支付',
    refunded: (date) => `已于 ${date} 退款`,
    testMode: '测试模式 – 非真实付款',
    sellerUnset: '未设置卖方地址',
  },
  mk: {
    title: 'Сметка',
    number: 'Број на сметка',
    date: 'Датум',
    seller: 'Продавач',
    vatId: 'ДДВ број',
    buyer: 'Купувач',
    item: 'Услуга',
    plan: 'План',
    period: 'Период',
    month: 'месечно',
    year: 'годишно',
    months: (n) => `${n} месеци`,
    method: 'Начин на плаќање',
    methods: {
      card: 'Картичка',
      sandbox: 'Тест режим',
      crypto: 'Криптовалута',
      admin: 'Администратор',
    },
    amount: 'Износ',
    vatIncluded: (rate, vat) => `Износот вклучува ${rate}% ДДВ: ${vat}`,
    status: 'Статус',
    paid: 'Платено',
    refunded: (date) => `Вратено на ${date}`,
    testMode: 'ТЕСТ РЕЖИМ – без вистинско плаќање',
    sellerUnset: 'Адресата на продавачот не е поставена',
  },
  sq: {
    title: 'Faturë',
    number: 'Numri i faturës',
    date: 'Data',
    seller: 'Shitësi',
    vatId: 'Nr. i TVSH-së',
    buyer: 'Klienti',
    item: 'Shërbimi',
    plan: 'Plani',
    period: 'Kohëzgjatja',
    month: 'mujore',
    year: 'vjetore',
    months: (n) => `${n} muaj`,
    method: 'Mënyra e pagesës',
    methods: {
      card: 'Kartë',
      sandbox: 'Modalitet testimi',
      crypto: 'Kriptomonedhë',
      admin: 'Administrator',
    },
    amount: 'Shuma',
    vatIncluded: (rate, vat) => `Shuma përfshin ${rate}% TVSH: ${vat}`,
    status: 'Statusi',
    paid: 'E paguar',
    refunded: (date) => `E rimbursuar më ${date}`,
    testMode: 'MODALITET TESTIMI – asnjë pagesë e vërtetë',
    sellerUnset: 'Adresa e shitësit nuk është konfiguruar',
  },
  ko: {
    title: '영수증',
    number: '영수증 번호',
    date: '날짜',
    seller: '판매자',
    vatId: '부가세 번호',
    buyer: '고객',
    item: '서비스',
    plan: '요금제',
    period: '기간',
    month: '월간',
    year: '연간',
    months: (n) => `${n}개월`,
    method: '결제 수단',
    methods: { card: '카드', sandbox: '테스트 모드', crypto: '암호화폐', admin: '관리자' },
    amount: '금액',
    vatIncluded: (rate, vat) => `금액에 부가세 ${rate}%가 포함되어 있습니다: ${vat}`,
    status: '상태',
    paid: '결제 완료',
    refunded: (date) => `${date}에 환불됨`,
    testMode: '테스트 모드 – 실제 결제 아님',
    sellerUnset: '판매자 주소가 설정되지 않았습니다',
  },
};
