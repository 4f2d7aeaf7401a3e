import { lazy, Suspense } from "react";
import { useNavigate } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useTools } from "@/features/catalog/api/get-tools";
import { ToolCard } from "@/features/catalog/components/tool-card";
import { BannerCarousel } from "@/features/home/components/banner-carousel";
import { BusinessSummary } from "@/features/home/components/business-summary";
import { IntroVideo } from "@/features/home/components/intro-video";
import { useReviews } from "@/features/reviews/api/get-reviews";
import { ReviewList } from "@/features/reviews/components/review-list";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";

const HOME_TOOLS = 6;

// Below the fold, and the only form on the page: its form library loads after the page shows.
const WishSection = lazy(async () => ({ default: (await import("@/features/wishes/components/wish-section")).WishSection }));

function ToolsSection() {
  const tools = useTools();
  const navigate = useNavigate();
  return (
    <section className="section">
      <h2 id="tools-heading">Our Tools</h2>
      <QueryState isPending={tools.isPending} error={tools.error} />
      {tools.data && (
        <div className="tool-grid">
          {tools.data.slice(0, HOME_TOOLS).map((tool) => (
            <ToolCard key={tool._id} tool={tool}>
              <button type="button" className="btn btn-primary" onClick={() => navigate(paths.tool.href(tool._id))}>
                Place Order
              </button>
            </ToolCard>
          ))}
        </div>
      )}
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
      <BannerCarousel />
      <ToolsSection />
      <BusinessSummary />
      <ReviewsSection />
      <IntroVideo />
      <Suspense fallback={<Spinner />}>
        <WishSection />
      </Suspense>
    </>
  );
}
