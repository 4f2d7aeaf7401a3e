import { useDocumentTitle } from "@/lib/use-document-title";

const POSTS = [
  {
    question: "How can you improve the performance of a React application?",
    answer:
      "Render less and ship less. Split the code by route so each page loads only what it needs, keep state close to where it is used so an update re-renders a small part of the tree, memoise expensive calculations and components whose props rarely change, virtualise long lists, and let a data library cache server responses instead of fetching them again on every visit.",
  },
  {
    question: "What are the different ways to manage state in a React application?",
    answer:
      "Local state with useState or useReducer for what one component owns; context for values many components read but seldom change, such as the signed-in user or a theme; a server-state library such as TanStack Query for data that lives on a server; the URL for what should survive a reload or be shared; and an external store (Redux, Zustand) when many distant components write the same client data.",
  },
  {
    question: "How does prototypal inheritance work?",
    answer:
      "Every JavaScript object has a hidden link to another object, its prototype. When a property is not found on the object itself, the engine follows that link, then the prototype's prototype, until it finds the property or reaches null. Classes are syntax over this chain: methods live once on the prototype and every instance reaches them through the link.",
  },
  {
    question: "Why should you not set state directly, as in products = [...]?",
    answer:
      "Assigning to a variable changes nothing React knows about: the component does not re-render and the next render reads the old value again. Calling the setter (setProducts) schedules a render with the new value, and passing a new array or object rather than mutating the old one lets React and memoised children see that something changed.",
  },
  {
    question: "How would you find a product by name in an array of products?",
    answer:
      "Use products.filter(product => product.name.toLowerCase().includes(query.toLowerCase())) for every match, or find for the first one. For a large catalogue searched often, build an index once (a Map from normalised name to products) or ask the server, which can use a database index.",
  },
  {
    question: "What is a unit test and why should you write unit tests?",
    answer:
      "A unit test checks one small piece of code, a function or a component, in isolation and fast. Written beside the code, such tests catch regressions the moment they happen, document how the piece is meant to be used, and make refactoring safe because a change that breaks behaviour fails a test instead of reaching a user.",
  },
];

export function BlogsRoute() {
  useDocumentTitle("Blogs");
  return (
    <section className="page">
      <h1 id="blogs-heading">Blogs</h1>
      <p className="section-lead">Questions and answers on React and JavaScript.</p>
      <div className="blog-grid">
        {POSTS.map((post) => (
          <article key={post.question} className="card">
            <div className="card-body">
              <h2>{post.question}</h2>
              <p>{post.answer}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
