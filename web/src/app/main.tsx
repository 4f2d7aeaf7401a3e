import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { configureZod } from "@/lib/zod";
import { AppProvider } from "./provider";
import { AppRouter } from "./router";
import "./app.css";

// Before any page is loaded: pages are fetched when first visited, and their schemas with them.
configureZod();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// As a transition, React renders the first page in short slices and lets the browser paint and
// answer input between them, instead of one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
