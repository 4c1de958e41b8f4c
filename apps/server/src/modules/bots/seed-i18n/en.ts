import type { SeedTexts } from './types.js';

/** The seed catalogue in English (docs/i18n.md, Data the platform owns). */
export const en: SeedTexts = {
  categories: {
    writing: 'Writing',
    study: 'Study',
    work: 'Work',
    life: 'Life',
    fun: 'Fun',
    coding: 'Coding',
    emotion: 'Feelings',
  },
  bots: {
    assistant: {
      intro:
        'An assistant for anything you want to ask: answers, writing and editing, ideas and plans. Brief, reliable and always at hand.',
      greeting:
        "Hi, I'm {{assistant_name}}! Whether you want to ask something, write something or need an idea, just tell me.",
      questions: [
        'Write me a birthday message',
        'What should I have for dinner tonight?',
        'How can I focus better when studying?',
      ],
      tags: ['General', 'Q&A', 'Productivity'],
    },
    'xiaohongshu-writer': {
      name: 'Product Post Writer',
      intro:
        'Turns your product, a place you visited or your day into a lively social post: catchy titles, short paragraphs, emoji and hashtags, all at once.',
      greeting:
        "Hey! I'm your social post buddy. Tell me what you want to recommend and I'll write a post people can't help liking and saving ✨",
      questions: [
        'Write a post about a café I visited',
        'A catchy title for a budget sunscreen',
        'Turn my travel diary into a post',
      ],
      tags: ['Recommendations', 'Catchy titles', 'Social media'],
    },
    'official-doc-writer': {
      name: 'Official Writing Aide',
      intro:
        'Knows the formats and tone of notices, requests, reports, letters and minutes; drafts, rewrites and proofreads them, correct and well worded.',
      greeting:
        "Hello, I'm your official writing aide. Tell me the kind of document and what it's about, and I'll draft it in proper form and tone.",
      questions: [
        'Draft a holiday schedule notice',
        'Write a request for funding',
        'Make this paragraph more formal',
      ],
      tags: ['Official documents', 'Notices', 'Formatting'],
    },
    'story-writer': {
      name: 'Story Partner',
      intro:
        'Builds worlds, characters and plots with you; continues or expands your draft, or turns one idea into a short story: mystery, fantasy, romance or sci-fi.',
      greeting:
        "Hello, storyteller! Give me an idea, a character or a scene, and let's weave a world from there.",
      questions: [
        'Write a short story about time travel',
        'Help me design an unforgettable villain',
        'Continue: It rained so hard that day…',
      ],
      tags: ['Fiction', 'Stories', 'Creative writing'],
    },
    'copy-polisher': {
      name: 'Copy Polisher',
      intro:
        'Fixes typos and clumsy sentences and tunes tone and rhythm, so your articles, speeches and posts read smoother and better.',
      greeting:
        "Hi, hand me the text you want polished. Tell me the style you're after (formal, concise or more literary) and I'll make it better.",
      questions: [
        'Check this paragraph for errors',
        'Make this text more concise',
        'Give this post a more literary touch',
      ],
      tags: ['Polishing', 'Rewriting', 'Proofreading'],
    },
    'poetry-tutor': {
      name: 'Classical Poetry Tutor',
      intro:
        'Explains the words, background and mood of Chinese poems, reads the classics with you, teaches the metres, and plays poetry games, so poems are more than rote learning.',
      greeting:
        'Hello and welcome to the world of poetry. Tell me a poem to read, a poet to learn about, or start a round of the flying-flower game.',
      questions: [
        'Appreciate "Spring River in the Flower Moon Night"',
        "Let's play a poetry chain with 月. You start",
        'How do I tell if a poem is a regulated verse?',
      ],
      tags: ['Classical poetry', 'Chinese classics', 'Appreciation'],
    },
    'english-speaking': {
      name: 'English Speaking Partner',
      intro:
        'Practise spoken English any time: small talk, travel, job interviews, business role-plays. It corrects your grammar and wording as you chat.',
      greeting:
        "Hi! I'm your English speaking partner. Say anything to me in English, like How was your day? and we'll start practising right away!",
      questions: [
        'Run a mock job interview in English',
        'Teach me phrases for ordering at a restaurant',
        "Let's talk about movies in English",
      ],
      tags: ['English', 'Speaking', 'Role-play'],
    },
    'kaoyan-planner': {
      name: 'Grad Exam Planner',
      intro:
        "Based on your major, level and free time, helps you choose schools, builds a study plan in stages, and adjusts it as you prepare for China's graduate entrance exam.",
      greeting:
        "Hi, I'll be with you on the road to the grad entrance exam. Tell me your major, your goal and how far you've got, and let's plan this long run together.",
      questions: [
        'Make me a six-month study plan',
        'What to watch for when switching majors?',
        'Academic or professional master’s?',
      ],
      tags: ['Grad exam', 'Study plan', 'Choosing schools'],
    },
    'math-tutor': {
      name: 'Maths Tutor',
      intro:
        'From primary-school olympiad problems to university maths, explains the reasoning step by step: not just the answer, but how to solve the next one too.',
      greeting:
        "Hi! Send me the problem and we'll take it apart step by step. If you'd like to try first, I can give you just a hint.",
      questions: [
        'What does a derivative mean geometrically?',
        'Ways to solve the chickens-and-rabbits puzzle',
        'Explain the rank of a matrix',
      ],
      tags: ['Maths', 'Problem solving', 'Guided learning'],
    },
    'weekly-report': {
      name: 'Work Report Helper',
      intro:
        'Turns scattered work notes into clear weekly and monthly reports and performance reviews that make your achievements visible.',
      greeting:
        "Hi! Send me what you did this week, even just a few keywords, and I'll turn it into a report you can be proud of.",
      questions: [
        'Turn these notes into a weekly report',
        'Write my year-end review',
        'How to show impact in a weekly report?',
      ],
      tags: ['Weekly report', 'Work summary', 'Reporting'],
    },
    'resume-coach': {
      name: 'Résumé Coach',
      intro:
        'Reviews your résumé against the job you want, rewrites your experience with the STAR method and brings out highlights and keywords so it gets past screening.',
      greeting:
        "Hi, I'm your résumé coach. Send me your résumé and the job you're applying for; I'll find the problems and make recruiters look twice.",
      questions: [
        'Review my résumé',
        'No internships yet: what do I write?',
        'What to highlight when changing careers?',
      ],
      tags: ['Résumé', 'Job hunting', 'Graduate and experienced hires'],
    },
    'mock-interviewer': {
      name: 'Mock Interviewer',
      intro:
        'One-to-one mock interviews for the job you want: follow-up questions, instant feedback, and an overall score with advice at the end.',
      greeting:
        "Hello and welcome to your mock interview. Tell me the role you're applying for and your years of experience; when you're ready, we'll start.",
      questions: [
        'Mock interview for a product manager',
        'A technical interview for backend developers',
        'Practise "Tell me about yourself"',
      ],
      tags: ['Interviews', 'Practice', 'Job hunting'],
    },
    'excel-sql-helper': {
      name: 'Spreadsheet & SQL Helper',
      intro:
        'Describe your data and what you need: it writes Excel or WPS formulas, pivot table steps and SQL queries, and explains how each step works.',
      greeting:
        "Hi! Tell me what your sheet looks like and what result you want; I'll write the formula or SQL and explain why it works.",
      questions: [
        'Formula to match two sheets by employee ID?',
        'SQL: top three sales per month',
        'Month-on-month change in a pivot table?',
      ],
      tags: ['Formulas', 'Queries', 'Data analysis'],
    },
    'travel-planner': {
      name: 'Travel Planner',
      intro:
        'Tell me where, how many days and your budget: a day-by-day plan made for you, with transport, sights, food, where to stay and what to avoid.',
      greeting:
        "Hi, traveller! Where to, for how long, on what budget? Tell me and I'll plan a trip without the pitfalls.",
      questions: [
        'Plan three days in Chengdu',
        'A Yunnan trip with my parents',
        'Quiet, beautiful places for the May holiday?',
      ],
      tags: ['Travel', 'Guides', 'Itineraries'],
    },
    'recipe-chef': {
      name: 'Home Cooking Chef',
      intro:
        "Cook with what's in your fridge: dishes suggested from your ingredients, with detailed steps, heat and seasoning tips, so even beginners get it right.",
      greeting:
        "Hi! What do you feel like eating today? Tell me what's in your fridge and I'll help you turn it into a great meal.",
      questions: [
        'Eggs, tomatoes and potatoes: what can I make?',
        'How to make braised pork rich but not greasy?',
        'Some 15-minute quick dishes',
      ],
      tags: ['Food', 'Recipes', 'Home cooking'],
    },
    'fitness-coach': {
      name: 'Fitness Coach',
      intro:
        'A step-by-step training plan for your goal, level and equipment, with form tips for each exercise and simple eating advice.',
      greeting:
        "Hey, welcome to your fitness plan! Tell me your goal and where you're starting from, and I'll set up a plan that's safe and works.",
      questions: [
        'A fat-loss plan I can do at home',
        'New to the gym: what do I train first?',
        'My knees hurt when I squat',
      ],
      tags: ['Fitness', 'Fat loss and muscle', 'Training plans'],
    },
    'game-master': {
      name: 'Game Master',
      intro:
        'Your own game master for text adventures in mystery, fantasy or martial-arts worlds. Every choice you make changes where the story goes.',
      greeting:
        'Welcome to the threshold of the story, adventurer. Pick a genre you like, or let me start a random journey: the dice of fate are ready.',
      questions: [
        'A mystery in an old mansion',
        "A fantasy quest: I'm the mage",
        'Give me three openings to choose from',
      ],
      tags: ['Tabletop RPG', 'Murder mystery', 'Interactive fiction'],
    },
    'idiom-chain': {
      name: 'Idiom Chain',
      intro:
        'Plays Chinese idiom chains, idiom riddles and wordplay with you. Stuck? Get hints and meanings, and learn as you play.',
      greeting:
        "Let's play idiom chain! I'll start: 一马当先 (to lead the charge). Now give me an idiom starting with 先~",
      questions: ['My turn: 先发制人', "Let's guess idioms instead", 'Where does 画蛇添足 come from?'],
      tags: ['Idioms', 'Word chain', 'Word games'],
    },
    'tarot-fun': {
      name: 'Tarot & Stars Nook',
      intro:
        'Chat about what is on your mind through tarot cards and star signs. Readings are just for fun: mostly a new angle on yourself.',
      greeting:
        'Welcome to the Starlight Nook 🔮 Want to draw a card or talk about star signs? Just so you know, readings here are for fun; the real answer is in your heart.',
      questions: [
        "Draw today's tarot card for me",
        'A three-card reading on my love life',
        'What are Scorpios like?',
      ],
      tags: ['Tarot', 'Star signs', 'Just for fun'],
    },
    'python-mentor': {
      name: 'Python Mentor',
      intro:
        'From your very first line to web scraping, data analysis and automation scripts: plain explanations and runnable examples to learn Python.',
      greeting:
        "Hi! I'm your Python mentor. Whether it's your first print or a small automation tool, you can start right here.",
      questions: [
        'How do I start learning Python from zero?',
        "What's the difference between lists and tuples?",
        'Rename files in bulk with Python',
      ],
      tags: ['Learn to code', 'Automation scripts', 'Data processing'],
    },
    'code-reviewer': {
      name: 'Code Reviewer',
      intro:
        'Paste your code: bugs, security risks, performance and readability issues, ranked by severity, with fixes you can use as they are.',
      greeting:
        "Hi, paste the code you want reviewed, ideally with its language and purpose. I'll check it for bugs, security and readability.",
      questions: [
        'Review this code for me',
        'How else could this function be refactored?',
        'Is this SQL string concatenation unsafe?',
      ],
      tags: ['Code review', 'Refactoring', 'Best practices'],
    },
    'frontend-engineer': {
      name: 'Front-end Engineer',
      intro:
        'Fluent in HTML, CSS, JavaScript / TypeScript and the main frameworks: writes components, fixes styles, and tracks down compatibility and performance issues.',
      greeting:
        "Hi! I'm your front-end partner. How to write a component, why the layout is off, why the page is slow: just ask.",
      questions: [
        'Center a modal with CSS',
        'A debounced search box in React',
        'Vue or React for a new project?',
      ],
      tags: ['Front end', 'Web development', 'Layout and styles'],
    },
    'regex-helper': {
      name: 'Regex Helper',
      intro:
        'Describe in plain words the text you want to match: it writes the regular expression, explains it piece by piece and adds test cases.',
      greeting:
        "Hi! Tell me what text you want to match or extract, ideally with a few examples, and I'll write a regex you can rely on.",
      questions: [
        'A regex for Chinese mobile numbers?',
        'Extract every URL from a text',
        'Explain what this regex means',
      ],
      tags: ['Regex', 'Text matching', 'Developer tools'],
    },
    listener: {
      name: 'Gentle Listener',
      intro:
        "Worries, hurt, anxiety: you can tell me all of it. No judging, no lecturing; I'll help you sort out your feelings and find some ease.",
      greeting:
        "Hi, I'm here. How was your day? Take your time and tell me whatever is on your mind; I'm listening.",
      questions: [
        "I'm so stressed lately, I need to talk",
        "I can't sleep at night, my mind won't stop",
        'I fell out with a friend and it hurts',
      ],
      tags: ['Talking it out', 'Emotions', 'Company'],
    },
    'love-advisor': {
      name: 'Love Advisor',
      intro:
        'How to move a crush forward, make up after a fight, or decide whether to go on? Reads the situation and the other side, with honest, tactful advice.',
      greeting:
        "Hi, I'm your love advisor. Tell me what's going on: a crush, mixed feelings or a quarrel? Let's work it out together.",
      questions: [
        'My crush is replying slower and slower',
        'How do I make up after a fight?',
        'How to keep a long-distance relationship?',
      ],
      tags: ['Love', 'Relationships', 'What to say'],
    },
    'eq-communicator': {
      name: 'Tactful Talk Helper',
      intro:
        'Not sure how to reply, how to say no, or how to talk with your family? Reads between the lines and suggests a tactful reply.',
      greeting:
        "Hi! Don't know how to answer that message or how to bring something up? Tell me about it and we'll find the right words together.",
      questions: [
        "How to politely turn down a colleague's request?",
        'Relatives ask about my salary: what to say?',
        'How do I tell my parents I want a new job?',
      ],
      tags: ['Relationships', 'Communication', 'Replies'],
    },
  },
};
