/**
 * Which component renders each route of the shell. Product areas replace
 * their placeholder here when they arrive; the route table and its guards
 * live in common/access.ts.
 */
import type { ComponentType } from 'react';
import type { AppRouteId } from '@common/access';
import { lazyPage } from './lazyPage';

const DashboardPage = lazyPage('dashboard', () => import('../features/dashboard/DashboardPage'));
const MakeCasePage = lazyPage('make-case', () => import('../features/cases/MakeCasePage'));
const CaseResultsPage = lazyPage('case', () => import('../features/cases/CaseResultsPage'));
const EntityDetailPage = lazyPage('case-detail', () => import('../features/cases/EntityDetailPage'));
const ManageCasePage = lazyPage('manage-case', () => import('../features/cases/ManageCasePage'));

export const PAGES: Record<AppRouteId, ComponentType> = {
  dashboard: DashboardPage,
  'make-case': MakeCasePage,
  'case-detail': EntityDetailPage,
  'case-details': EntityDetailPage,
  case: CaseResultsPage,
  'manage-case': ManageCasePage,
  'adverse-media-detail': lazyPage('adverse-media-detail', () => import('../features/media/AdverseMediaDetailPage')),
  'media-search': lazyPage('media-search', () => import('../features/media/MediaSearchPage')),
  'media-manage-case': lazyPage('media-manage-case', () => import('../features/media/MediaManageCasePage')),
  'transaction-listing': lazyPage('transaction-listing', () => import('../features/transactions/TransactionListingPage')),
  'transaction-detail': lazyPage('transaction-detail', () => import('../features/transactions/TransactionDetailPage')),
  'rules-listing': lazyPage('rules-listing', () => import('../features/transactions/RulesListingPage')),
  'alerts-listing': lazyPage('alerts-listing', () => import('../features/transactions/AlertsListingPage')),
  'customer-listing': lazyPage('customer-listing', () => import('../features/transactions/CustomerListingPage')),
  'customer-profile': lazyPage('customer-profile', () => import('../features/transactions/CustomerProfilePage')),
  'alerts-details': lazyPage('alerts-details', () => import('../features/transactions/AlertDetailPage')),
  'usage-statistics': lazyPage('usage-statistics', () => import('../features/usage/UsageStatisticsPage')),
  'user-management': lazyPage('users', () => import('../features/users/UsersPage')),
  'role-management': lazyPage('roles', () => import('../features/roles/RolesPage')),
  'bulk-search': lazyPage('bulk-search', () => import('../features/bulk-search/BulkSearchPage')),
  'web-hooks': lazyPage('web-hooks', () => import('../features/web-hooks/WebhooksPage')),
  'api-keys': lazyPage('api-keys', () => import('../features/api-keys/ApiKeysPage')),
  'integration-guide': lazyPage('integration-guide', () => import('../features/integration-guide/IntegrationGuidePage')),
  'credits-usage': lazyPage('credits-usage', () => import('../features/billing/CreditsUsagePage')),
  'manage-payments': lazyPage('manage-payments', () => import('../features/billing/ManagePaymentsPage')),
  plans: lazyPage('plans', () => import('../features/billing/PlansPage')),
  'risk-scoring': lazyPage('risk-scoring', () => import('../features/risk-scoring/RiskScoringPage')),
  'aml-custom-list': lazyPage('custom-lists', () => import('../features/custom-lists/CustomListsPage')),
  'aml-custom-list-records': lazyPage('custom-list-records', () => import('../features/custom-lists/ListRecordsPage')),
  'aml-custom-list-record': lazyPage('custom-list-record', () => import('../features/custom-lists/ListRecordPage')),
  'custom-source': lazyPage('custom-source', () => import('../features/custom-sources/CustomSourcePage')),
  'monitoring-configuration': lazyPage('monitoring-configuration', () => import('../features/monitoring-configuration/MonitoringConfigurationPage')),
  'search-profile': lazyPage('search-profile', () => import('../features/search-profiles/SearchProfilesPage')),
  'audit-history': lazyPage('audit-history', () => import('../features/audit/AuditPage')),
  settings: lazyPage('settings', () => import('../features/settings/SettingsPage')),
};
