import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { Tool } from "@api/tools/tools.schemas";

function Catalog() {
  const [tools, setTools] = useState<Tool[] | null>(null);
  useEffect(() => {
    fetch("/api/tools")
      .then((response) => (response.ok ? (response.json() as Promise<Tool[]>) : []))
      .then(setTools, () => setTools([]));
  }, []);
  if (!tools) return <p>Loading…</p>;
  return (
    <ul style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 16, padding: 0, listStyle: "none" }}>
      {tools.map((tool) => (
        <li key={tool._id}>
          <img src={tool.img} alt={tool.name} width={200} height={200} />
          <h2>{tool.name}</h2>
          <p>${tool.price}</p>
        </li>
      ))}
    </ul>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 1200, margin: "0 auto", padding: 16 }}>
      <h1>Toolshop</h1>
      <Catalog />
    </main>
  </StrictMode>,
);
