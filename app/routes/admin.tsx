import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { parseAdminProductQuery } from "../../domain/admin-products";
import { historyNote, parseAdminTab, STATUS_NOTE_MAX, statusLabel } from "../../domain/admin-dashboard";
import { formatMoney } from "../../domain/money";
import { parseSalesWindow } from "../../domain/sales-series";
import { readRefundForm, refundMessages } from "../../domain/refunds";
import { messages } from "../../domain/messages";
import { ORDERS_PER_PAGE, parseOpenOrder, parseOrderListQuery } from "../../domain/order-list";
import { isOrderStatus } from "../../domain/order-status";
import { AdminTabs, TAB_PANEL_ID, tabId } from "~/components/admin/admin-tabs";
import { DiscountsPanel } from "~/components/admin/discounts-panel";
import { EditPending } from "~/components/admin/edit-pending";
import { MailPanel } from "~/components/admin/mail-panel";
import { OrderDetail, OrdersPanel } from "~/components/admin/orders-panel";
import { ReturnRequestsWaiting } from "~/components/admin/return-requests-desk";
import { OverviewPanel } from "~/components/admin/overview-panel";
import { ProductsPanel } from "~/components/admin/products-panel";
import { SizeGuidesPanel } from "~/components/admin/size-guides-panel";
import { categoryFromSlug } from "../../domain/catalog";
import { sizeGuideMessages } from "../../domain/size-guide-rules";
import { useAdminNotice } from "~/lib/admin-notices";
import { type AdminResult, adminResult } from "~/lib/admin-result";
import { type DiscountFormResult, discountAction } from "~/lib/discount-action.server";
import { refusalOf, throwForBoundary } from "~/lib/page-failure.server";
import { refundRefusal } from "~/lib/refund-refusal.server";
import { isReturnIntent, returnAction } from "~/lib/return-action.server";
import { isSynonymIntent, synonymAction } from "~/lib/synonym-action.server";
import { SynonymsPanel } from "~/components/admin/synonyms-panel";
import { useLiveRevalidate } from "~/lib/live";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/admin";
import { showToast } from "~/lib/use-action-toast";
import { CANCEL_CONFIRMATION, cancelConfirmationMessage } from "../../domain/order-cancel";

const PRODUCTS_PER_PAGE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await context.services.auth.requireAdmin(request);
  const { adminCatalog, adminMail, adminOrders, catalog } = context.services;
  const params = new URL(request.url).searchParams;
  const tab = parseAdminTab(params.get("tab"));
  if (tab === "products") {
    // Search and category come in the address (a GET form: it works without JavaScript too).
    const query = parseAdminProductQuery(params);
    const products = await adminCatalog.listProducts({ ...query, pageSize: PRODUCTS_PER_PAGE });
    return { tab, products, productQuery: query } as const;
  }
  if (tab === "orders") {
    const query = parseOrderListQuery(params);
    const openId = parseOpenOrder(params);
    if (openId) {
      // One order in full (its detail view); an id that names no order is the 404 page.
      const [order, returnsWaiting] = await Promise.all([
        adminOrders.getOrder(openId).catch(throwForBoundary),
        context.services.returns.waiting(),
      ]);
      return { tab, query, orders: null, order, returnsWaiting } as const;
    }
    const [orders, returnsWaiting] = await Promise.all([
      adminOrders.listOrders({ ...query, pageSize: ORDERS_PER_PAGE }),
      context.services.returns.waiting(),
    ]);
    return { tab, query, orders, order: null, returnsWaiting } as const;
  }
  if (tab === "mail") {
    return { tab, mail: await adminMail.listFailed(params.get("state") === "given-up") } as const;
  }
  if (tab === "discounts") {
    return {
      tab,
      discounts: await context.services.adminDiscounts.list(),
      editId: params.get("edit"),
      now: new Date().toISOString(),
    } as const;
  }
  if (tab === "size-guides") {
    // Size guides per category (decision 060): one category's form at a time, chosen in the address.
    return {
      tab,
      guides: await context.services.sizeGuides.list(),
      guideCategory: categoryFromSlug(params.get("category")) ?? null,
    } as const;
  }
  if (tab === "search") return { tab, synonyms: await context.services.searchSynonyms.list() } as const;
  // The Overview (decision 053): counters, "To do", the sales chart over ?days=7|30|90, low stock.
  const salesWindow = parseSalesWindow(params.get("days"));
  const { adminOverview } = context.services;
  const [totalProducts, orders, recentProducts, sales, todo, lowStock] = await Promise.all([
    catalog.countProducts(),
    adminOrders.overview(),
    adminCatalog.recentProducts(5),
    adminOverview.sales(salesWindow),
    adminOverview.todo(),
    adminOverview.lowStock(),
  ]);
  return {
    tab,
    overview: { totalProducts, recentProducts, ...orders, sales: { ...sales, window: salesWindow }, todo, lowStock },
  } as const;
}

/** The notice in the address is only a message: dropping it must not reload the data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // A live notice's revalidate() comes with the very same address: reload then.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("notice");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export function meta() {
  return [...pageMeta("Admin Dashboard"), { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  // Before the body is read: a non-administrator's request is answered 403 (401 signed out) and nothing runs.
  const admin = await context.services.auth.requireAdmin(request, "endpoint");
  const form = await request.formData();
  const field = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const log = context.logger;

  if (field("intent") === "delete-product") {
    try {
      await context.services.adminCatalog.deleteProduct(field("productId"));
      return adminResult(true, messages.admin.productDeleted);
    } catch (error) {
      const refused = refusalOf(error);
      if (refused)
        return data(adminResult(false, messages.admin.productDeleteFailed, refused.message), {
          status: refused.status,
        });
      log.error({ err: error }, "deleting a product failed");
      return data(adminResult(false, messages.admin.productDeleteFailed), { status: 500 });
    }
  }

  if (field("intent") === "update-status") {
    const from = field("from");
    const to = field("to");
    if (!isOrderStatus(from) || !isOrderStatus(to)) {
      return data(adminResult(false, messages.admin.orderStatusFailed, "Unknown order status."), { status: 400 });
    }
    // Only the dialog's confirm button sends it (domain/order-cancel.ts): a click before the scripts ran changes nothing.
    if (to === "cancelled" && field(CANCEL_CONFIRMATION.name) !== CANCEL_CONFIRMATION.value) {
      return data(adminResult(false, messages.admin.orderStatusFailed, cancelConfirmationMessage), { status: 409 });
    }
    try {
      await context.services.adminOrders.changeStatus({
        orderId: field("orderId"),
        from,
        to,
        note: historyNote(to, field("note")),
        // The carrier and number go with Shipped only (the other buttons of the same form leave them out).
        tracking: to === "shipped" ? { carrier: field("carrier"), number: field("trackingNumber") } : undefined,
      });
      return adminResult(true, messages.admin.orderStatusUpdated(statusLabel(to)));
    } catch (error) {
      // Cancelling refunds through the provider: its refusal or absence is said as such.
      const refused = refundRefusal(error);
      if (refused)
        return data(adminResult(false, messages.admin.orderStatusFailed, refused.message), { status: refused.status });
      log.error({ err: error }, "changing an order status failed");
      return data(adminResult(false, messages.admin.orderStatusFailed), { status: 500 });
    }
  }

  // Pieces of an order: cancelled before it is shipped, returned after (decision 039). The server
  // refuses the wrong one for the order's status, whatever the form says.
  if (field("intent") === "refund-items" || field("intent") === "cancel-items") {
    const cancel = field("intent") === "cancel-items";
    const failed = cancel ? refundMessages.itemsNotCancelled : refundMessages.refundFailed;
    try {
      const lines = readRefundForm(form.entries());
      if ("message" in lines) return data(adminResult(false, failed, lines.message), { status: 400 });
      const seen = Number(field("seenRefunds"));
      const request = {
        orderId: field("orderId"),
        lines,
        seenRefunds: Number.isSafeInteger(seen) ? seen : undefined,
        note: field("note").trim().slice(0, STATUS_NOTE_MAX),
      };
      const order = cancel
        ? await context.services.refunds.cancelItems(request)
        : await context.services.refunds.refundItems({ ...request, restock: field("restock") === "on" });
      return adminResult(true, refundMessages.refunded(formatMoney(order.refunds.at(-1)?.amountCents ?? 0)));
    } catch (error) {
      const refused = refundRefusal(error);
      if (refused) return data(adminResult(false, failed, refused.message), { status: refused.status });
      log.error({ err: error }, cancel ? "cancelling items failed" : "refunding items failed");
      return data(adminResult(false, failed), { status: 500 });
    }
  }

  // Return requests shoppers made (decision 052): approve, refund again, decline.
  const intent = field("intent");
  if (isReturnIntent(intent)) return returnAction(intent, form, context, admin.id);

  if (field("intent") === "retry-mail") {
    try {
      // A second press (or another tab's) finds the e-mail already queued or sent: said, nothing changed.
      const { state, requeued } = await context.services.adminMail.retry(field("mailId"));
      const text = requeued
        ? messages.admin.mailRetried
        : state === "sent"
          ? messages.admin.mailAlreadySent
          : messages.admin.mailAlreadyQueued;
      return adminResult(true, text);
    } catch (error) {
      const refused = refusalOf(error);
      if (refused)
        return data(adminResult(false, messages.admin.mailRetryFailed, refused.message), { status: refused.status });
      log.error({ err: error }, "retrying an email failed");
      return data(adminResult(false, messages.admin.mailRetryFailed), { status: 500 });
    }
  }

  if (field("intent") === "save-size-guide") {
    const category = field("category");
    try {
      await context.services.sizeGuides.save(category, form.entries());
      return adminResult(true, sizeGuideMessages.saved(category));
    } catch (error) {
      const refused = refusalOf(error);
      if (refused)
        return data(adminResult(false, sizeGuideMessages.notSaved, refused.message), { status: refused.status });
      log.error({ err: error }, "saving a size guide failed");
      return data(adminResult(false, sizeGuideMessages.notSaved), { status: 500 });
    }
  }
  if (isSynonymIntent(intent)) return synonymAction(intent, form, context);

  if (field("intent") === "save-discount" || field("intent") === "toggle-discount") {
    return discountAction(field("intent"), form, context);
  }

  return data(adminResult(false, "Unknown action."), { status: 400 });
}

/**
 * The dashboard's forms (status changes, deletions) answer here, in the browser, whatever
 * happens to the form meanwhile: the order that moved out of the filtered list, or the product
 * deleted, is gone from the page (and its form with it) by the time the answer is read.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const result = (await serverAction()) as AdminResult;
  showToast(result.toast);
  return result;
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  useAdminNotice();
  // New orders, status changes (from another tab too) and product changes update tabs and counters live.
  useLiveRevalidate((event) => event.type.startsWith("order.") || event.type.startsWith("product."));
  const result = actionData as AdminResult | undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <EditPending />
      <h1 className="font-display text-3xl sm:text-4xl">Admin Dashboard</h1>
      {/* Without JavaScript the answer of a posted form has no toast: say it on the page. */}
      {result && (
        <noscript>
          <p className="mt-4 rounded-lg border border-stone-300 px-4 py-3 text-sm">
            {result.toast.text}
            {result.toast.description ? ` ${result.toast.description}` : ""}
          </p>
        </noscript>
      )}
      <div className="mt-6">
        <AdminTabs current={loaderData.tab} />
      </div>
      <div id={TAB_PANEL_ID} role="tabpanel" aria-labelledby={tabId(loaderData.tab)} tabIndex={-1} className="pt-6">
        {loaderData.tab === "products" && <ProductsPanel page={loaderData.products} query={loaderData.productQuery} />}
        {loaderData.tab === "orders" && <ReturnRequestsWaiting waiting={loaderData.returnsWaiting} />}
        {loaderData.tab === "orders" && loaderData.order && (
          <OrderDetail query={loaderData.query} order={loaderData.order} />
        )}
        {loaderData.tab === "orders" && loaderData.orders && (
          <OrdersPanel query={loaderData.query} page={loaderData.orders} />
        )}
        {loaderData.tab === "overview" && <OverviewPanel data={loaderData.overview} />}
        {loaderData.tab === "mail" && <MailPanel page={loaderData.mail} />}
        {loaderData.tab === "size-guides" && (
          <SizeGuidesPanel guides={loaderData.guides} category={loaderData.guideCategory} result={result} />
        )}
        {loaderData.tab === "search" && <SynonymsPanel groups={loaderData.synonyms} />}
        {loaderData.tab === "discounts" && (
          <DiscountsPanel
            codes={loaderData.discounts}
            editId={loaderData.editId}
            now={loaderData.now}
            result={result as DiscountFormResult | undefined}
          />
        )}
      </div>
    </div>
  );
}
