import { useDocumentTitle } from "@/lib/use-document-title";

const SKILLS = ["HTML5 & CSS3", "JavaScript (ES2023)", "TypeScript", "React", "React Router", "Node.js", "Fastify", "PostgreSQL", "Firebase"];

const PROJECTS = [
  { name: "Toolshop", text: "This shop: tools, orders, card payments, reviews and an admin dashboard." },
  { name: "Warehouse Desk", text: "Stock management for a small warehouse, with delivery tracking and reports." },
  { name: "Trail Planner", text: "Plan hikes on a map, share routes and check the weather on the way." },
];

export function PortfolioRoute() {
  useDocumentTitle("Portfolio");
  return (
    <section className="page narrow">
      <h1 id="portfolio-heading">Portfolio</h1>
      <article className="card">
        <div className="card-body">
          <h2>Sam Carter</h2>
          <p>Full-stack web developer building fast, accessible shops and dashboards.</p>
          <dl className="profile-details">
            <div>
              <dt>Email</dt>
              <dd>
                <a href="mailto:sam.carter@toolshop.test">sam.carter@toolshop.test</a>
              </dd>
            </div>
            <div>
              <dt>Education</dt>
              <dd>BSc in Computer Science and Engineering</dd>
            </div>
          </dl>
          <h3>Skills</h3>
          <ul className="tag-list">
            {SKILLS.map((skill) => (
              <li key={skill} className="badge">
                {skill}
              </li>
            ))}
          </ul>
          <h3>Projects</h3>
          <ul className="project-list">
            {PROJECTS.map((project) => (
              <li key={project.name}>
                <strong>{project.name}</strong>: {project.text}
              </li>
            ))}
          </ul>
        </div>
      </article>
    </section>
  );
}
