import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { HomeSkeleton } from '../../components/skeleton';
import { paths } from '../../lib/paths';
import { AccountLayout, currentScene } from './account-layout';
import { useFaq } from './api/get-faq';

const ALL = '全部';

/** 常见问题: the questions by category, each opening its answer; feedback and customer service below. */
export default function FaqPage() {
  const scene = currentScene();
  const faq = useFaq();
  const [category, setCategory] = useState(ALL);
  const [open, setOpen] = useState<number | null>(null);
  const list = faq.data?.list ?? [];
  const categories = [ALL, ...new Set(list.map((q) => q.category))];
  const shown = category === ALL ? list : list.filter((q) => q.category === category);
  return (
    <AccountLayout title="常见问题" testId="faq-page">
      {faq.isLoading ? <HomeSkeleton /> : null}
      {faq.data && list.length === 0 ? <EmptyState title="暂无常见问题" /> : null}
      {list.length > 0 ? (
        <>
          <div className="acct-tabs">
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                className="acct-chip"
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
                data-testid={`faq-category-${c}`}
              >
                {c}
              </button>
            ))}
          </div>
          <div className="acct-group" data-testid="faq-list">
            {shown.map((q) => (
              <div key={q.id}>
                <button
                  type="button"
                  className="acct-faq-q"
                  aria-expanded={open === q.id}
                  onClick={() => setOpen(open === q.id ? null : q.id)}
                  data-testid={`faq-q-${q.id}`}
                >
                  <span>{q.question}</span>
                  <span className="acct-row-hint" style={{ flex: 'none' }}>
                    {open === q.id ? '收起' : '展开'}
                  </span>
                </button>
                {open === q.id ? (
                  <div className="acct-faq-a" data-testid="faq-answer">
                    {q.answer}
                  </div>
                ) : null}
              </div>
            ))}
          </div>
        </>
      ) : null}
      <div className="acct-group">
        <div className="acct-group-title">没有找到答案？</div>
        <Link to={paths.feedback(scene)} className="acct-row" data-testid="faq-feedback">
          <span>意见反馈</span>
          <span className="acct-row-hint">
            <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </Link>
        <Link to={paths.service(scene)} className="acct-row" data-testid="faq-service">
          <span>联系客服</span>
          <span className="acct-row-hint">
            <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </Link>
      </div>
    </AccountLayout>
  );
}
