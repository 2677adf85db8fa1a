/**
 * The billing calls behind Plans and Manage Payments (section 2; docs/billing.md): the plans and choosing one,
 * the billing details, the invoices and their PDFs, buying a top-up. All of them are for plan-billing
 * organisations and users with update_payment_method, and work before a plan is chosen (the requirement of
 * the plans, manage-payments and credits-usage routes of common/access.ts). They are the browser's: an API key
 * cannot call them.
 */
import { findRoute } from '../../common/access';
import { TOP_UP_PACKS, type BillingAnswer, type CreditKind } from '../../common/billing';
import { BillingDetailsBody, ChoosePlanBody, InvoiceListQuery, TopUpBody, normaliseBillingDetails } from '../../common/schemas/billing';
import type { PlanName } from '../../common/organisation';
import { isUuid } from '../../common/schemas/admin';
import { auditAction } from '../audit/actor';
import { ApiError, badRequest } from '../http/errors';
import type { AttackDeclaration } from '../http/routes';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { announceOrganisationChange } from './announce';
import { readDetails, saveDetails } from './details';
import { renderInvoicePdf } from './invoice-pdf';
import { buyerOf, findInvoiceRow, insertInvoice, listInvoices, PLAN_TITLES, planDraft, readdressOpenInvoices, toInvoice, topUpDraft, voidOpenPlanInvoices } from './invoices';
import { collectInvoice, paymentCollector } from './payments';
import { applyPlan, lockPlan, plansAnswer } from './plans';
import { sellerFromEnv } from './seller';

const BILLING = findRoute('plans').requirement;
const TAG = 'Billing';
const ATTACK: AttackDeclaration = {
  runs: { count: 40, reason: "the suite's caller belongs to an organisation billed by invoice, which every billing call refuses before reading the request" },
};

export function billingRoutes() {
  return [
    route({
      method: 'GET',
      path: '/plans',
      operationId: 'listPlans',
      tag: TAG,
      summary: 'The plans (basic, plus): monthly price in cents, monthly credits, daily search limit and the features each includes, with the current plan.',
      access: BILLING,
      attack: ATTACK,
      async handler({ auth }) {
        return plansAnswer(auth.organisation.plan_details?.plan_name ?? null);
      },
    }),

    route({
      method: 'POST',
      path: '/plans/choose',
      operationId: 'choosePlan',
      tag: TAG,
      summary:
        "Puts the organisation on a plan at once (its restrictions and daily search limit apply from the next request) and issues the invoice for the plan's month from now; paying it grants the plan's credits. An open invoice of the plan it replaces is voided. The current plan answers 400 plan_unchanged.",
      access: BILLING,
      body: ChoosePlanBody,
      examples: [{ body: { plan_name: 'plus' } }],
      attack: ATTACK,
      async handler(ctx) {
        const { org, auth, body, deps } = ctx;
        const plan = body.plan_name.trim() as PlanName;
        const collector = paymentCollector();
        const issued = await org.transaction(async (tx) => {
          const current = await lockPlan(tx);
          if (current.plan_name === plan) throw badRequest('plan_unchanged', 'plan_name');
          await applyPlan(tx, plan);
          const voided = await voidOpenPlanInvoices(tx);
          const invoice = await insertInvoice(tx, planDraft(plan, new Date()), { collector: collector.id, issuedBy: auth.user.id });
          await auditAction(tx, ctx, 'billing.plan_chosen', { type: 'invoice', id: invoice.id }, { from: current.plan_name, to: plan, invoice: invoice.number, voided });
          return invoice;
        });
        const invoice = await collectInvoice(deps, issued, collector);
        // Open browsers of the organisation read the plan (menu, guards) from their session: they refresh it.
        await announceOrganisationChange(deps, org.organisationId);
        return done('plan_chosen', { plan_name: plan, invoice }, { plan: PLAN_TITLES[plan], number: invoice.number });
      },
    }),

    route({
      method: 'GET',
      path: '/billing',
      operationId: 'getBilling',
      tag: TAG,
      summary: 'The billing details (null until entered), how invoices are paid, the top-up packs on offer and the current plan.',
      access: BILLING,
      attack: ATTACK,
      async handler({ org, auth }): Promise<BillingAnswer> {
        return { details: await readDetails(org), payment_method: paymentCollector().describe(), top_up_packs: TOP_UP_PACKS, plan: auth.organisation.plan_details?.plan_name ?? null };
      },
    }),

    route({
      method: 'PUT',
      path: '/billing/details',
      operationId: 'saveBillingDetails',
      tag: TAG,
      summary: 'Saves the billing details printed on invoices (company, e-mail, address, country, VAT number). Open invoices are addressed to them from now on; paid ones keep theirs.',
      access: BILLING,
      body: BillingDetailsBody,
      examples: [
        {
          body: {
            company_name: 'Harbour Trading Ltd',
            billing_email: 'accounts@harbour.example',
            address_line1: '12 Quay Street',
            address_line2: 'Floor 3',
            city: 'Bristol',
            postcode: 'BS1 4DJ',
            country: 'GB',
            vat_number: 'GB123456789',
          },
        },
      ],
      attack: ATTACK,
      async handler(ctx) {
        const { org, auth, body } = ctx;
        const details = await org.transaction(async (tx) => {
          const saved = await saveDetails(tx, normaliseBillingDetails(body), auth.user.id);
          await readdressOpenInvoices(tx);
          await auditAction(tx, ctx, 'billing.details_saved', { type: 'organisation', id: org.organisationId }, { company_name: saved.company_name, country: saved.country });
          return saved;
        });
        return done('billing_details_saved', details);
      },
    }),

    route({
      method: 'GET',
      path: '/billing/invoices',
      operationId: 'listInvoices',
      tag: TAG,
      summary: "The organisation's invoices, newest first: number, dates, status, lines, total and the credits each grants once paid.",
      access: BILLING,
      query: InvoiceListQuery,
      attack: ATTACK,
      async handler({ org, query }) {
        const { rows, total } = await listInvoices(org, query);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/billing/invoices/:invoiceId/pdf',
      operationId: 'getInvoicePdf',
      tag: TAG,
      summary: 'An invoice as a PDF: seller, buyer, number and dates, lines, VAT and total, how to pay; stamped PAID once paid.',
      access: BILLING,
      ids: { 'path.invoiceId': 'invoice' },
      examples: [{ params: { invoiceId: '<invoice id>' } }],
      attack: {
        ...ATTACK,
        skip: {
          foreign_ids:
            "the suite's caller belongs to an organisation billed by invoice, which every billing call refuses; tests/billing/invoices-api.test.ts asks for another organisation's invoice as a plan-billing administrator and gets 404",
        },
      },
      async handler({ org, auth, params, reply }) {
        const row = isUuid(params.invoiceId) ? await findInvoiceRow(org, params.invoiceId) : undefined;
        if (!row) throw new ApiError(404, 'invoice_not_found');
        const doc = renderInvoicePdf({
          invoice: toInvoice(row),
          buyer: buyerOf(row),
          vatPercent: Number(row.vat_percent),
          vatCents: Number(row.vat_cents),
          subtotalCents: Number(row.subtotal_cents),
          seller: sellerFromEnv(),
          organisation: auth.organisation,
          generatedBy: auth.user.name,
        });
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${row.number}.pdf"`);
        return reply.send(doc);
      },
    }),

    route({
      method: 'POST',
      path: '/billing/top-ups',
      operationId: 'buyTopUp',
      tag: TAG,
      summary: 'Issues an invoice for packs of credits of one kind (1 to 50 packs); paying it adds the credits.',
      access: BILLING,
      body: TopUpBody,
      examples: [{ body: { kind: 'aml_screening', packs: 2 } }],
      attack: ATTACK,
      async handler(ctx) {
        const { org, auth, body, deps } = ctx;
        const kind = body.kind.trim() as CreditKind;
        const packs = Number(body.packs);
        const collector = paymentCollector();
        const issued = await org.transaction(async (tx) => {
          const invoice = await insertInvoice(tx, topUpDraft(kind, packs), { collector: collector.id, issuedBy: auth.user.id });
          await auditAction(tx, ctx, 'billing.top_up_invoiced', { type: 'invoice', id: invoice.id }, { invoice: invoice.number, kind, packs, total_cents: invoice.total_cents });
          return invoice;
        });
        const invoice = await collectInvoice(deps, issued, collector);
        if (invoice.status === 'paid') await announceOrganisationChange(deps, org.organisationId);
        return done('top_up_invoiced', { invoice }, { number: invoice.number });
      },
    }),
  ];
}
