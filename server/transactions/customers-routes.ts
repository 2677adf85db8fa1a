/**
 * The customer calls (spec section 7 "Transactions": transactions/customers-list,
 * transactions/customer-update-bulk; docs/transaction-monitoring.md, "Customers"): the customer listing, a
 * customer's profile (details, risk, totals, recent transactions, alerts, counterparties) and the bulk update
 * an integrator sends its customers' details and risk with. Same access as the transaction calls; another
 * organisation's customer answers 404 as an unknown one.
 */
import { CustomerBulkBody, CustomerListQuery, normaliseCustomer } from '../../common/schemas/transactions';
import type { CustomerInput } from '../../common/transactions';
import { auditAction } from '../audit/actor';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { customerProfile, listCustomers, upsertCustomers } from './customers';
import { TM_ACCESS, TM_ATTACK, TM_TAG } from './transactions-routes';

export function customerRoutes() {
  return [
    route({
      method: 'GET',
      path: '/transactions/customers-list',
      operationId: 'listTransactionCustomers',
      examples: [{ query: { page: 1, page_size: 20, risk_level: 'high', sort: 'risk_desc' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        "The organisation's customers a page at a time (page_size at most 100): search q (customer id, name or e-mail), risk_level (repeatable), country, sort (last_seen_desc by default). Each with its transaction count, totals in and out, first and last seen, and open alerts.",
      access: TM_ACCESS,
      query: CustomerListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listCustomers(org, query);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/customers/:customer_id',
      operationId: 'getTransactionCustomer',
      ids: { 'path.customer_id': 'tm_customer' },
      examples: [{ params: { customer_id: '<customer id>' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        "A customer's profile by the integrator's customer id: details, risk, totals in and out, the latest 50 transactions, its alerts, and the top 50 counterparties (accounts it sent to or received from, with counts and sums).",
      access: TM_ACCESS,
      async handler({ org, params }) {
        return customerProfile(org, params.customer_id);
      },
    }),

    route({
      method: 'POST',
      path: '/transactions/customer-update-bulk',
      operationId: 'updateTransactionCustomers',
      examples: [
        {
          body: {
            customers: [
              { customer_id: 'CUST-1001', first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@example.com', country: 'ES', customer_type: 'person', risk_level: 'medium', risk_score: 45, attributes: { segment: 'retail' } },
            ],
          },
        },
      ],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        "Creates or updates 1 to 1000 customers by customer_id: names, e-mail, country, date of birth, type (person or company), risk level (low, medium, high), risk score (0 to 100) and the integrator's own attributes (at most 50). A field sent replaces the stored one, a field left out keeps it; attributes are merged. Answers how many were created and updated.",
      access: TM_ACCESS,
      body: CustomerBulkBody,
      async handler(ctx) {
        const { org, body } = ctx;
        const customers = (body.customers as unknown as CustomerInput[]).map(normaliseCustomer);
        const counts = await org.transaction(async (tx) => {
          const result = await upsertCustomers(tx, customers);
          await auditAction(tx, ctx, 'tm_customers.updated', undefined, { ...result, customer_ids: customers.slice(0, 100).map((c) => c.customer_id) });
          return result;
        });
        return done('tm_customers_saved', counts, counts);
      },
    }),
  ];
}
