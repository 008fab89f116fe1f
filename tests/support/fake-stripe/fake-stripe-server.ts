import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeStripeForm } from './form.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects are free-form JSON here
type Json = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
}

const now = () => Math.floor(Date.now() / 1000);
const addMonths = (seconds: number, months: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
};

/**
 * A fake Stripe API on 127.0.0.1 speaking Stripe's wire format (form-encoded requests, JSON
 * objects and error envelopes) for the endpoints the stripe provider calls. Tests drive what a
 * customer would do at Stripe (complete a Checkout, a renewal, a cancellation) through methods.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  /** invoice id → payment intent id */
  readonly invoicePayments = new Map<string, string>();
  private counter = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeStripe> {
    const holder: { fake?: FakeStripe } = {};
    const server = createServer((request, response) => void holder.fake!.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new FakeStripe(server, `http://127.0.0.1:${port}`);
    return holder.fake;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  id(prefix: string) {
    return `${prefix}_fake${++this.counter}`;
  }

  requestsTo(method: string, path: RegExp) {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** The customer paid on Stripe's Checkout page: the subscription exists now. */
  completeCheckout(sessionId: string) {
    const session = this.sessions.get(sessionId)!;
    const line = session.line_items[0].price_data;
    const start = now();
    const months = line.recurring.interval === 'year' ? 12 : 1;
    const subscription: Json = {
      id: this.id('sub'),
      object: 'subscription',
      status: 'active',
      customer: session.customer ?? this.id('cus'),
      cancel_at_period_end: false,
      metadata: { ...session.subscription_data.metadata },
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: addMonths(start, months),
            price: this.price(line),
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      subscription: subscription.id,
      customer: subscription.customer,
    });
    return subscription;
  }

  /** The next period begins (Stripe's renewal). */
  renew(subscriptionId: string) {
    const item = this.subscriptions.get(subscriptionId)!.items.data[0];
    const months = item.price.recurring.interval === 'year' ? 12 : 1;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonths(item.current_period_start, months);
  }

  /** An invoice for the subscription's current period, paid through a new payment intent. */
  invoice(subscriptionId: string, amount: number, reason: string): Json {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0];
    const invoice = {
      id: this.id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      amount_paid: amount,
      amount_due: amount,
      currency: 'eur',
      billing_reason: reason,
      hosted_invoice_url: `https://invoice.stripe.test/${this.counter}`,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscriptionId,
          metadata: { ...subscription.metadata },
        },
      },
      lines: {
        object: 'list',
        data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
      },
    };
    this.invoicePayments.set(invoice.id, this.id('pi'));
    return invoice;
  }

  event(type: string, object: Json, created = now()): Json {
    return {
      id: this.id('evt'),
      object: 'event',
      type,
      created,
      api_version: '2026-10-28.endive',
      data: { object: structuredClone(object) },
    };
  }

  private price(data: Json) {
    return {
      id: this.id('price'),
      object: 'price',
      currency: data.currency,
      product: data.product,
      unit_amount: Number(data.unit_amount),
      tax_behavior: data.tax_behavior,
      recurring: { interval: data.recurring.interval },
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url!, this.url);
    const params: Json = decodeStripeForm(
      request.method === 'GET' || request.method === 'DELETE'
        ? url.search.slice(1)
        : Buffer.concat(chunks).toString(),
    );
    const key = request.headers['idempotency-key'];
    this.requests.push({
      method: request.method!,
      path: url.pathname,
      params,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    const send = (status: number, body: Json) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': this.id('req'),
      });
      response.end(JSON.stringify(body));
    };
    const missing = (id: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such object: '${id}'`,
        },
      });
    const route = `${request.method} ${url.pathname}`;
    let match: RegExpExecArray | null;

    if ((match = /^GET \/v1\/products\/(.+)$/.exec(route))) {
      const product = this.products.get(match[1]!);
      return product ? send(200, product) : missing(match[1]!);
    }
    if (route === 'POST /v1/products') {
      const product = { object: 'product', ...params };
      this.products.set(params.id, product);
      return send(200, product);
    }
    if (route === 'POST /v1/checkout/sessions') {
      const id = this.id('cs');
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        ...params,
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    if ((match = /^(GET|POST|DELETE) \/v1\/subscriptions\/(.+)$/.exec(route))) {
      const subscription = this.subscriptions.get(match[2]!);
      if (!subscription) return missing(match[2]!);
      if (match[1] === 'POST') this.update(subscription, params);
      if (match[1] === 'DELETE') subscription.status = 'canceled';
      return send(200, subscription);
    }
    if (route === 'GET /v1/invoice_payments') {
      const intent = this.invoicePayments.get(params.invoice);
      const data = intent
        ? [
            {
              id: this.id('inpay'),
              object: 'invoice_payment',
              invoice: params.invoice,
              payment: { type: 'payment_intent', payment_intent: intent },
            },
          ]
        : [];
      return send(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
    });
  }

  private update(subscription: Json, params: Json) {
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    if (params.metadata) {
      for (const [key, value] of Object.entries(params.metadata as Json)) {
        if (value === '') delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    for (const change of (params.items ?? []) as Json[]) {
      const item = subscription.items.data.find((i: Json) => i.id === change.id);
      if (item && change.price_data) item.price = this.price(change.price_data);
    }
  }
}
