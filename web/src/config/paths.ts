/** Every route of the shop once; `path` is for the router, `href` builds a link. */
export const paths = {
  home: { path: "/", href: () => "/" },
  homeAlias: { path: "/home", href: () => "/home" },
  login: { path: "/login", href: () => "/login" },
  signup: { path: "/signup", href: () => "/signup" },
  blogs: { path: "/blogs", href: () => "/blogs" },
  portfolio: { path: "/portfolio", href: () => "/portfolio" },
  /** The whole catalogue; its search, sort, filter and page are in the query string. */
  catalogue: { path: "/tools", href: (search = "") => (search ? `/tools?${search}` : "/tools") },
  tool: { path: "/tools/:toolsId", href: (id: string) => `/tools/${encodeURIComponent(id)}` },
  /** The cart: a visitor's is kept in the browser, a buyer's by their account. */
  cart: { path: "/cart", href: () => "/cart" },
  dashboard: {
    root: { path: "/dashboard", href: () => "/dashboard" },
    orders: { path: "orders", href: () => "/dashboard/orders" },
    /** One order: its timeline and, once paid, its receipt. */
    order: { path: "orders/:id", href: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}` },
    review: { path: "review", href: () => "/dashboard/review" },
    profile: { path: "profile", href: () => "/dashboard/profile" },
    payment: { path: "payment/:id", href: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}` },
    /** One checkout: its lines and, once paid, its receipt. */
    checkout: { path: "checkouts/:id", href: (id: string) => `/dashboard/checkouts/${encodeURIComponent(id)}` },
    /** Pays for every order of a checkout at once. */
    checkoutPayment: { path: "checkouts/:id/payment", href: (id: string) => `/dashboard/checkouts/${encodeURIComponent(id)}/payment` },
    manageTools: { path: "manageTools", href: () => "/dashboard/manageTools" },
    allUsers: { path: "allUsers", href: () => "/dashboard/allUsers" },
    wishList: { path: "wishList", href: () => "/dashboard/wishList" },
    addProduct: { path: "addProduct", href: () => "/dashboard/addProduct" },
    allOrders: { path: "allOrders", href: () => "/dashboard/allOrders" },
  },
} as const;
