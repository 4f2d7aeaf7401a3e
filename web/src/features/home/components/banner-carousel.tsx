import { useState } from "react";

const SLIDES = [
  {
    img: "/images/banner/slide-1.svg",
    alt: "A hammer, a wrench and a saw blade on a dark blue bench",
    title: "Tools built for real work",
    text: "Hand and power tools from trusted makers, ordered in the quantity you need.",
  },
  {
    img: "/images/banner/slide-2.svg",
    alt: "A cordless drill in amber light",
    title: "Order in bulk, save more",
    text: "Every tool has a minimum order quantity and ships from our own stock.",
  },
  {
    img: "/images/banner/slide-3.svg",
    alt: "A workbench with stacked crates under a rising sun",
    title: "Shipping to 158 countries",
    text: "Pay by card and follow each order from your dashboard.",
  },
] as const;

/** The home page's three slides, moved with the buttons or the dots; it never moves by itself. */
export function BannerCarousel() {
  const [current, setCurrent] = useState(0);
  const go = (index: number) => setCurrent((index + SLIDES.length) % SLIDES.length);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Highlights">
      <div className="carousel-viewport">
        <div className="carousel-track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {SLIDES.map((slide, index) => (
            <div
              key={slide.img}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
              inert={index !== current}
            >
              <img src={slide.img} alt={slide.alt} width={1200} height={480} fetchPriority={index === 0 ? "high" : "low"} />
              <div className="carousel-caption">
                <h2>{slide.title}</h2>
                <p>{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button type="button" className="btn btn-icon btn-outline" aria-label="Previous slide" onClick={() => go(current - 1)}>
          ‹
        </button>
        {SLIDES.map((slide, index) => (
          <button
            key={slide.img}
            type="button"
            className={index === current ? "carousel-dot active" : "carousel-dot"}
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === current ? "true" : undefined}
            onClick={() => go(index)}
          />
        ))}
        <button type="button" className="btn btn-icon btn-outline" aria-label="Next slide" onClick={() => go(current + 1)}>
          ›
        </button>
      </div>
    </section>
  );
}
