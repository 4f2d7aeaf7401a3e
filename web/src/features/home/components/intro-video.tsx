import { useDeferred } from "@/components/ui/deferred";

/**
 * Served by the shop itself, so it plays without a network. The player's controls (and the video's
 * first bytes) come as the section is needed: building the browser's controls is a long task on a
 * slow phone, and the section is far below the fold. The element holds its place from the start.
 */
export function IntroVideo() {
  const [ref, ready] = useDeferred<HTMLVideoElement>();
  return (
    <section className="section">
      <h2 id="video-heading">See Toolshop in action</h2>
      <div className="video-frame">
        <video ref={ref} controls={ready} preload={ready ? "metadata" : "none"} width={640} height={360} aria-describedby="video-description">
          <source src="/media/toolshop-intro.webm" type="video/webm" />
          <source src="/media/toolshop-intro.mp4" type="video/mp4" />
          <track kind="captions" src="/media/toolshop-intro.en.vtt" srcLang="en" label="English" default />
          Your browser cannot play this video.
        </video>
      </div>
      <p id="video-description" className="section-lead">
        A ten-second tour: quality tools for every job, shipped to 158 countries, ordered in units and paid by card.
      </p>
    </section>
  );
}
