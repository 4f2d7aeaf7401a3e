const socialLinks = [
  { label: "Facebook", href: "https://www.facebook.com/" },
  { label: "Twitter", href: "https://twitter.com/" },
  { label: "YouTube", href: "https://www.youtube.com/" },
  { label: "LinkedIn", href: "https://www.linkedin.com/" },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <section>
          <h2 id="footer-address">Address</h2>
          <address>
            Toolshop Ltd.
            <br />
            12 Foundry Lane, Workshop District
            <br />
            Springfield 40210, USA
            <br />
            <a href="mailto:hello@toolshop.test">hello@toolshop.test</a>
          </address>
        </section>
        <section>
          <h2 id="footer-social">Follow us</h2>
          <ul className="social-links">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} Toolshop. All rights reserved.</p>
    </footer>
  );
}
