import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAdminSession, RequireUserSession } from './guards/session-guards';
import { RootLayout, RouteError, RouteLoading, type RouteHandle } from './root-layout';
import { setNavigator } from '../lib/navigation';

const handle = (title: string): RouteHandle => ({ title });

/** The query cache's provider, loaded with the first screen that uses the API. */
const queries = () => import('../lib/query-provider');

/**
 * A screen loaded on first visit, so each visitor downloads only the screens they open, inside the
 * app's query cache.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module, { withQueries }] = await Promise.all([load(), queries()]);
    return { Component: withQueries(pick(module)) };
  };
}

/** A screen that calls no API (the landing page): loaded on first visit, without the query cache. */
function staticScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A signed-in area: its layout (with its navigation and live connection) loaded with its first
 * screen, so a visitor of the public pages never downloads it, and shown behind its session guard.
 */
function area<M>(Guard: ComponentType<{ children: ReactNode }>, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module, { QueryProvider }] = await Promise.all([load(), queries()]);
    const Layout = pick(module);
    return {
      Component: function GuardedArea() {
        return (
          <QueryProvider>
            <Guard>
              <Layout />
            </Guard>
          </QueryProvider>
        );
      },
    };
  };
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        path: '/',
        lazy: staticScreen(
          () => import('../features/landing/routes/landing-page'),
          (m) => m.LandingPage,
        ),
        handle: handle('Is This Wallet Clean?'),
      },
      {
        path: '/login',
        lazy: screen(
          () => import('../features/auth/routes/login-page'),
          (m) => m.LoginPage,
        ),
        handle: handle('Authorization'),
      },
      {
        path: '/auth',
        lazy: screen(
          () => import('../features/auth/routes/login-page'),
          (m) => m.LoginPage,
        ),
        handle: handle('Authorization'),
      },
      {
        path: '/register',
        lazy: screen(
          () => import('../features/auth/routes/register-page'),
          (m) => m.RegisterPage,
        ),
        handle: handle('Register'),
      },
      {
        path: '/reset-password',
        lazy: screen(
          () => import('../features/auth/routes/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
        handle: handle('Reset password'),
      },
      {
        path: '/set-password',
        lazy: screen(
          () => import('../features/auth/routes/set-password-page'),
          (m) => m.SetPasswordPage,
        ),
        handle: handle('Set a new password'),
      },
      {
        path: '/confirm-email',
        lazy: screen(
          () => import('../features/auth/routes/confirm-email-page'),
          (m) => m.ConfirmEmailPage,
        ),
        handle: handle('Confirm your e-mail address'),
      },
      {
        path: '/auth-demo',
        lazy: screen(
          () => import('../features/demo/routes/auth-demo-page'),
          (m) => m.AuthDemoPage,
        ),
        handle: handle('Demo login'),
      },
      {
        path: '/dashboard-demo/Low',
        lazy: screen(
          () => import('../features/demo/routes/demo-dashboard-page'),
          (m) => m.DemoDashboardPage,
        ),
        handle: handle('Demo dashboard'),
      },
      {
        path: '/terms',
        lazy: screen(
          () => import('../features/legal/routes/legal-page'),
          (m) => m.TermsPage,
        ),
        handle: handle('Terms of Service'),
      },
      {
        path: '/privacy',
        lazy: screen(
          () => import('../features/legal/routes/legal-page'),
          (m) => m.PrivacyPage,
        ),
        handle: handle('Privacy notice'),
      },
      {
        path: '/admin-login',
        lazy: screen(
          () => import('../features/auth/routes/admin-login-page'),
          (m) => m.AdminLoginPage,
        ),
        handle: handle('Admin Login'),
      },
      {
        path: '/unauthorized',
        lazy: screen(
          () => import('../features/auth/routes/unauthorized-page'),
          (m) => m.UnauthorizedPage,
        ),
        handle: handle('No admin access'),
      },
      {
        path: '/dashboard',
        lazy: area(
          RequireUserSession,
          () => import('./layouts/dashboard-layout'),
          (m) => m.DashboardLayout,
        ),
        handle: handle('Wallet Check Dashboard'),
        children: [
          { index: true, element: <Navigate to="wallet-checker" replace /> },
          {
            path: 'wallet-checker',
            lazy: screen(
              () => import('../features/wallet-checker/routes/wallet-checker-page'),
              (m) => m.WalletCheckerPage,
            ),
            handle: handle('Check Wallet'),
          },
          {
            path: 'history',
            lazy: screen(
              () => import('../features/history/routes/history-page'),
              (m) => m.HistoryPage,
            ),
            handle: handle('Wallet Checks History'),
          },
          {
            path: 'top-up',
            lazy: screen(
              () => import('../features/top-up/routes/top-up-page'),
              (m) => m.TopUpPage,
            ),
            handle: handle('Upgrade Your Plan'),
          },
          {
            path: 'batch',
            lazy: screen(
              () => import('../features/batches/routes/batch-page'),
              (m) => m.BatchPage,
            ),
            handle: handle('Batch screening'),
          },
          {
            path: 'watchlist',
            lazy: screen(
              () => import('../features/watchlist/routes/watchlist-page'),
              (m) => m.WatchlistPage,
            ),
            handle: handle('Watchlist'),
          },
          {
            path: 'alerts',
            lazy: screen(
              () => import('../features/alerts/routes/alerts-page'),
              (m) => m.AlertsPage,
            ),
            handle: handle('Alerts'),
          },
          {
            path: 'cases',
            lazy: screen(
              () => import('../features/cases/routes/cases-page'),
              (m) => m.CasesPage,
            ),
            handle: handle('Cases'),
          },
          {
            path: 'cases/:id',
            lazy: screen(
              () => import('../features/cases/routes/case-page'),
              (m) => m.CasePage,
            ),
            handle: handle('Case'),
          },
          {
            path: 'api-keys',
            lazy: screen(
              () => import('../features/api-keys/routes/api-keys-page'),
              (m) => m.ApiKeysPage,
            ),
            handle: handle('API keys'),
          },
          {
            path: 'account',
            lazy: screen(
              () => import('../features/account/routes/account-page'),
              (m) => m.AccountPage,
            ),
            handle: handle('Account'),
          },
          {
            path: 'webhooks',
            lazy: screen(
              () => import('../features/webhooks/routes/webhooks-page'),
              (m) => m.WebhooksPage,
            ),
            handle: handle('Webhooks'),
          },
          {
            path: 'webhooks/:id',
            lazy: screen(
              () => import('../features/webhooks/routes/webhook-page'),
              (m) => m.WebhookPage,
            ),
            handle: handle('Webhook endpoint'),
          },
          {
            path: 'top-up/confirm',
            lazy: screen(
              () => import('../features/top-up/routes/confirm-payment-page'),
              (m) => m.ConfirmPaymentPage,
            ),
            handle: handle('Confirm your purchase'),
          },
        ],
      },
      {
        path: '/admin',
        lazy: area(
          RequireAdminSession,
          () => import('./layouts/admin-layout'),
          (m) => m.AdminLayout,
        ),
        handle: handle('Admin'),
        children: [
          { index: true, element: <Navigate to="customers" replace /> },
          {
            path: 'customers',
            lazy: screen(
              () => import('../features/admin-customers/routes/customers-page'),
              (m) => m.CustomersPage,
            ),
            handle: handle('Customers'),
          },
          {
            path: 'purchases',
            lazy: screen(
              () => import('../features/admin-purchases/routes/purchases-page'),
              (m) => m.PurchasesPage,
            ),
            handle: handle('Purchases'),
          },
          {
            path: 'history',
            lazy: screen(
              () => import('../features/history/routes/history-page'),
              (m) => m.HistoryPage,
            ),
            handle: handle('Admin: Wallet Checks History'),
          },
          {
            path: 'wallets',
            lazy: screen(
              () => import('../features/admin-wallets/routes/wallets-page'),
              (m) => m.WalletsPage,
            ),
            handle: handle('Wallets'),
          },
          {
            path: 'financial-stats',
            lazy: screen(
              () => import('../features/admin-financial-stats/routes/financial-stats-page'),
              (m) => m.FinancialStatsPage,
            ),
            handle: handle('Financial Stats'),
          },
          {
            path: 'cases',
            lazy: screen(
              () => import('../features/cases/routes/cases-page'),
              (m) => m.AdminCasesPage,
            ),
            handle: handle('Cases'),
          },
          {
            path: 'cases/:id',
            lazy: screen(
              () => import('../features/cases/routes/case-page'),
              (m) => m.AdminCasePage,
            ),
            handle: handle('Case'),
          },
          {
            path: 'admins',
            lazy: screen(
              () => import('../features/admin-customers/routes/admins-page'),
              (m) => m.AdminsPage,
            ),
            handle: handle('Admins'),
          },
          {
            path: 'audit',
            lazy: screen(
              () => import('../features/admin-audit/routes/audit-page'),
              (m) => m.AuditPage,
            ),
            handle: handle('Audit log'),
          },
          {
            path: 'checks/:checkId',
            lazy: screen(
              () => import('../features/admin-replay/routes/check-evidence-page'),
              (m) => m.CheckEvidencePage,
            ),
            handle: handle('Check evidence & replay'),
          },
          {
            path: 'streams',
            lazy: screen(
              () => import('../features/admin-streams/routes/streams-page'),
              (m) => m.StreamsPage,
            ),
            handle: handle('Streams'),
          },
          {
            path: 'streams/:streamId',
            lazy: screen(
              () => import('../features/admin-streams/routes/stream-page'),
              (m) => m.StreamPage,
            ),
            handle: handle('Stream'),
          },
          {
            path: 'sanctions',
            lazy: screen(
              () => import('../features/admin-sanctions/routes/sanctions-page'),
              (m) => m.SanctionsPage,
            ),
            handle: handle('Sanctions & lists'),
          },
          {
            path: 'feeds',
            lazy: screen(
              () => import('../features/admin-feeds/routes/feeds-page'),
              (m) => m.FeedsPage,
            ),
            handle: handle('Intelligence feeds'),
          },
        ],
      },
      { path: '/profile', element: <Navigate to="/dashboard" replace /> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

/** The browser router; code outside React (the API client) navigates through it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
