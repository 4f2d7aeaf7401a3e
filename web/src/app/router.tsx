import type { ComponentType } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { RequireAdmin, RequireAuth, RequireNonAdmin } from "./guards";
import { HomeRoute } from "./routes/home";
import { withFooter } from "./routes/root-layout";
import { RootLayout } from "./routes/root-layout";
import { RouteError } from "./routes/route-error";

/**
 * The home page is in the first load; every other page's code is fetched when it is first visited.
 * Route-level `lazy` makes the router fetch it before it changes the URL, so the address bar never
 * shows a page whose content is still the previous one; RootLayout shows a spinner meanwhile.
 */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const d = paths.dashboard;

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: paths.home.path, element: <HomeRoute />, handle: withFooter },
      { path: paths.homeAlias.path, element: <HomeRoute />, handle: withFooter },
      { path: paths.login.path, ...page(() => import("@/features/auth/routes/login"), (m) => m.LoginRoute) },
      { path: paths.signup.path, ...page(() => import("@/features/auth/routes/signup"), (m) => m.SignupRoute) },
      { path: paths.blogs.path, ...page(() => import("@/features/content/routes/blogs"), (m) => m.BlogsRoute) },
      { path: paths.portfolio.path, ...page(() => import("@/features/content/routes/portfolio"), (m) => m.PortfolioRoute) },
      // Public, unlike the tool page below it (`/tools/:toolsId`), which needs a signed-in buyer.
      { path: paths.catalogue.path, ...page(() => import("./routes/catalogue"), (m) => m.CatalogueRoute) },
      // Public too: a visitor's cart is kept in the browser until they sign in to check out.
      { path: paths.cart.path, ...page(() => import("./routes/cart"), (m) => m.CartRoute) },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.tool.path, ...page(() => import("./routes/tool-detail"), (m) => m.ToolDetailRoute) },
          {
            path: d.root.path,
            ...page(() => import("./routes/dashboard-layout"), (m) => m.DashboardLayout),
            children: [
              { index: true, ...page(() => import("./routes/dashboard-index"), (m) => m.DashboardIndexRoute) },
              { path: d.orders.path, ...page(() => import("@/features/orders/routes/my-orders"), (m) => m.MyOrdersRoute) },
              { path: d.order.path, ...page(() => import("@/features/orders/routes/order-page"), (m) => m.OrderRoute) },
              {
                element: <RequireNonAdmin />,
                children: [{ path: d.review.path, ...page(() => import("@/features/reviews/routes/add-review"), (m) => m.AddReviewRoute) }],
              },
              { path: d.profile.path, ...page(() => import("@/features/profile/routes/my-profile"), (m) => m.MyProfileRoute) },
              { path: d.payment.path, ...page(() => import("./routes/payment"), (m) => m.PaymentRoute) },
              { path: d.checkout.path, ...page(() => import("./routes/checkout-receipt"), (m) => m.CheckoutReceiptRoute) },
              { path: d.checkoutPayment.path, ...page(() => import("./routes/checkout-payment"), (m) => m.CheckoutPaymentRoute) },
              {
                element: <RequireAdmin />,
                children: [
                  { path: d.manageTools.path, ...page(() => import("@/features/catalog/routes/manage-tools"), (m) => m.ManageToolsRoute) },
                  { path: d.allUsers.path, ...page(() => import("@/features/users/routes/all-users"), (m) => m.AllUsersRoute) },
                  { path: d.wishList.path, ...page(() => import("@/features/wishes/routes/wish-list"), (m) => m.WishListRoute) },
                  { path: d.addProduct.path, ...page(() => import("@/features/catalog/routes/add-product"), (m) => m.AddProductRoute) },
                  { path: d.allOrders.path, ...page(() => import("@/features/orders/routes/all-orders"), (m) => m.AllOrdersRoute) },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", ...page(() => import("./routes/not-found"), (m) => m.NotFoundRoute) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
