import { lazy, Suspense } from "react";
import { Deferred } from "@/components/ui/deferred";
import { QueryState } from "@/components/ui/query-state";
import { useCataloguePage } from "@/features/catalog/api/get-catalogue-page";
import { AllToolsLink } from "@/features/catalog/components/all-tools-link";
import { ToolCard } from "@/features/catalog/components/tool-card";
import { ToolGridSkeleton } from "@/features/catalog/components/tool-grid-skeleton";
import { ToolOrderButton } from "@/features/catalog/components/tool-order-button";
import { BannerCarousel } from "@/features/home/components/banner-carousel";
import { BusinessSummary } from "@/features/home/components/business-summary";
import { IntroVideo } from "@/features/home/components/intro-video";
import { useReviews } from "@/features/reviews/api/get-reviews";
import { ReviewList } from "@/features/reviews/components/review-list";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";

const HOME_TOOLS = 6;

// Below the fold, and the only form on the page: its form library loads once the person moves on the page.
const WishSection = lazy(async () => ({ default: (await import("@/features/wishes/components/wish-section")).WishSection }));

/** The first 6 tools of docs/product.md §1.2: one page of the catalogue in the order the tools were listed, not the whole list. */
export function ToolsSection() {
  const page = useCataloguePage({ sort: "listed", limit: HOME_TOOLS });
  return (
    <section className="section">
      <h2 id="tools-heading">Our Tools</h2>
      {/* Placeholder cards of the real cards' size hold the grid's place, so the sections below do not move. */}
      {page.isPending && <ToolGridSkeleton count={HOME_TOOLS} />}
      <QueryState isPending={false} error={page.error} />
      {page.data && (
        <div className="tool-grid">
          {page.data.tools.map((tool) => (
            <ToolCard key={tool._id} tool={tool}>
              <ToolOrderButton toolId={tool._id} />
            </ToolCard>
          ))}
        </div>
      )}
      <AllToolsLink />
    </section>
  );
}

function ReviewsSection() {
  const reviews = useReviews();
  return (
    <section className="section">
      <h2 id="reviews-heading">Reviews</h2>
      <p className="section-lead">What our buyers say about us.</p>
      <QueryState isPending={reviews.isPending} error={reviews.error} />
      {reviews.data && <ReviewList reviews={reviews.data} />}
    </section>
  );
}

export function HomeRoute() {
  useDocumentTitle("");
  return (
    <>
      {/* The page's name for screen readers and the outline; the slides below say it for the eye. */}
      <h1 className="visually-hidden">Toolshop: hand and power tools</h1>
      <BannerCarousel />
      <ToolsSection />
      <BusinessSummary />
      <ReviewsSection />
      <IntroVideo />
      <Deferred minHeight="33rem">
        <Suspense fallback={<Spinner />}>
          <WishSection />
        </Suspense>
      </Deferred>
    </>
  );
}
